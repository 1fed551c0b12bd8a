/**
 * The limited fields of the one text rule (userText.ts) in the words of the
 * forms that show them, for messages that name a field. Apart from the rule
 * itself, so the screens that name fields carry the words and the data
 * layer, which only applies the rule, does not.
 */
import type { TextField } from './userText';

/** Each limited field in the words of the form that shows it. */
export const TEXT_FIELD_NAMES: Readonly<Record<TextField, string>> = {
  'projects.name': 'Project name',
  'projects.details.description': 'Description',
  'projects.details.projectType': 'Project type',
  'projects.details.email': 'Email',
  'projects.details.phone': 'Phone',
  'projects.details.address': 'Address',
  'projects.details.budget': 'Budget',
  'projects.details.customBudget': 'Budget',
  'projects.details.cabinetData.form.nrs': 'NRS',
  'projects.details.cabinetData.form.door': 'Door',
  'projects.details.cabinetData.form.drawerFront': 'Drawer front',
  'projects.details.cabinetData.form.color': 'Color',
  'projects.details.cabinetData.form.finish': 'Finish',
  'projects.details.cabinetData.form.poNumber': 'PO number',
  'projects.details.cabinetData.notes': 'Notes',
  'profiles.email': 'Email',
  'profiles.first_name': 'First name',
  'profiles.last_name': 'Last name',
  'profiles.phone': 'Phone',
  'profiles.address': 'Address',
  'profiles.locale': 'Language',
  'project_files.file_name': 'File name',
  'quotes.notes': 'Notes',
  'quotes.decline_reason': 'Reason',
  'quotes.signer_name': 'Name',
  'messages.body': 'Message',
  'reviews.body': 'Review',
  'reviews.reply': 'Reply',
  'visits.message': 'Message',
};
