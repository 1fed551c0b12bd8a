/**
 * The one catalogue of error codes: each stable code the database, the server or an Edge
 * Function answers (MESSAGE `quote.expired`, DETAIL `{"valid_until":"2026-12-01"}`) mapped to the
 * words a person reads, through Lingui (English is the source catalog, Spanish is written for a
 * US crew), with the code's data interpolated (ICU plurals for counts).
 *
 * Adding a code: raise it in SQL as `raise exception 'area.what' using errcode = '<SQLSTATE>',
 * detail = jsonb_build_object(...)::text` (the SQLSTATE keeps the HTTP status hosted PostgREST
 * answers), add it here with its text, then `npm run extract` and write the Spanish.
 * tests/integration/schema/errorCodes.test.ts fails on a raised code missing here.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '../i18n/i18n';
import { formatDate, formatMoney } from '../i18n/format';
import type { TextField } from '../domain/userText';
import { TEXT_FIELD_NAMES } from '../domain/userTextNames';
import { errorData, failure, isErrorCode, type Failure } from '../../shared/outcome';

/** Code → the words a person reads; `{name}` placeholders take the code's data. */
export const ERROR_TEXTS = {
  // ── the network and the request itself (the app's own codes) ──
  'net.offline': msg`You are offline. Connect to the internet and try again.`,
  'error.unknown': msg({ message: 'Something went wrong ({code})' }),
  'error.not_allowed': msg`Not allowed for your account`,
  'error.not_found': msg`No longer exists on the server`,
  'error.duplicate': msg`This already exists`,
  'error.missing_reference': msg`It refers to something that no longer exists`,
  'error.check_failed': msg`A value is not accepted`,
  'error.invalid_request': msg`The change was not valid`,
  'error.too_large': msg`The request is too large`,
  'error.rate_limited': msg`Too many requests. Please wait a moment and try again.`,
  'error.server': msg`The server could not answer. Try again in a moment.`,
  'error.unstorable_text': msg`It holds a character that can't be saved (often from a paste)`,
  'request.failed': msg`The request could not be completed`,
  'request.body_invalid': msg`The app sent a request the server could not read`,
  'request.body_too_large': msg({
    message: 'The request is too large: at most {limit, number} bytes',
  }),
  'request.method_not_allowed': msg`The app sent a request the server does not take`,
  'function.not_configured': msg`This service is not set up on the server yet`,
  'local.mail_viewer_refused': msg`The mail viewer answers only this computer`,
  'request.body_aborted': msg`The upload was cut off. Try again.`,
  'request.not_found': msg`The app asked the server for something it does not have`,
  'server.restarting': msg`The server is restarting. Try again in a moment.`,

  // ── files (our storage's own refusals; hosted Storage's words come as they are) ──
  'storage.multipart_invalid': msg`The file could not be read. Try again.`,
  'storage.file_missing': msg`No file was sent. Choose a file and try again.`,
  'storage.busy': msg`The file was busy and was not saved. Try again in a moment.`,
  'storage.name_too_long': msg`The file name is too long`,
  'storage.name_conflict': msg`A file or folder with this name already exists`,
  'storage.write_failed': msg`The file could not be saved. Try again.`,

  // ── live updates (the broadcast API) ──
  'realtime.unauthorized': msg`Please sign in to send live updates`,
  'realtime.too_many_messages': msg({
    message: 'Too many live updates: at most {per_second, number} a second',
  }),
  'realtime.unavailable': msg`Live updates are not available right now. Try again in a moment.`,
  'realtime.body_too_large': msg`The live update is too large`,
  'realtime.invalid_message': msg`The app sent a live update the server could not read`,
  'realtime.invalid_json': msg`The app sent a live update the server could not read`,
  'realtime.unsupported_media': msg`The app sent a live update the server could not read`,
  'realtime.private_only': msg`Live updates go only through private channels`,
  'realtime.topic_not_allowed': msg`You may not send live updates to this channel`,

  // ── signing in ──
  'auth.sign_in_required': msg({
    message:
      '{action, select, accept_invite {Please sign in to accept this invitation} accept_quote {Please sign in to accept a quote} decline_quote {Please sign in to decline a quote} withdraw_quote {Please sign in to withdraw a quote} read_reviews {Please sign in to read reviews} other {Please sign in}}',
  }),
  'auth.user_missing': msg`Your account no longer exists. Sign in again.`,
  'auth.token_missing': msg`Please sign in`,
  'auth.token_invalid': msg`Your sign-in has expired. Sign in again.`,

  // ── invitations ──
  'invite.link_invalid': msg`This invitation link is not valid`,
  'invite.cancelled': msg`This invitation was cancelled`,
  'invite.used': msg`This invitation has already been used`,
  'invite.expired': msg`This invitation has expired. Ask for a new one`,
  'invite.other_email': msg`This invitation was sent to another email address`,
  'invite.org_contractor_only': msg`Only a contractor account can join an organization`,
  'invite.other_organization': msg`You already belong to another organization`,
  'invite.contractor_only': msg`Only a contractor account can join a project as its contractor`,
  'invite.project_gone': msg`This project no longer exists`,
  'invite.not_found': msg`Invitation not found`,
  'invite.project_manager_only': msg`Only the project's owner or contractor can invite`,
  'invite.revoke_not_allowed': msg`Only the project's owner or contractor can revoke an invitation`,
  'invite.admin_only': msg`Only an organization admin can invite contractors`,
  'invite.email_invalid': msg`Please enter a valid email address`,
  'invite.role_invalid': msg`Choose Owner, Contractor or Viewer`,
  'invite.token_invalid': msg`The invitation could not be made. Try again.`,
  'invite.already_member': msg`This person is already on the project`,
  'invite.already_in_organization': msg`This person is already in your organization`,
  'invite.limit_reached': msg({
    message:
      'You have sent {count, plural, one {# invitation} other {# invitations}} in the last hour. Please wait before sending more.',
  }),
  'invite.address_limit_reached': msg({
    message:
      'You have already invited {email} {count, plural, one {# time} other {# times}} today. Please try again tomorrow.',
  }),
  'invite.send_failed': msg`The invitation could not be sent`,
  'invite.mail_not_configured': msg`No mail is set up for invitations.`,
  'invite.mail_failed': msg`The mail could not be sent.`,
  'invite.body_invalid': msg`The invitation request was not valid`,
  'invite.load_failed': msg`Invitations could not be loaded`,
  'invite.accept_failed': msg`The invitation could not be accepted`,
  'invite.revoke_failed': msg`The invitation could not be revoked`,

  // ── projects, members, the organization ──
  'project.not_found': msg`Project not found`,
  'project.ids_readonly': msg`A project's owner and contractor cannot be changed here`,
  'project.delete_not_allowed': msg`Only the homeowner who owns this project, or the contractor who created it for a client, can delete it`,
  'project.read_only': msg`You can view this project but not change it`,
  'project.status_only': msg`You can change only the status of this project`,
  'project.measurements_locked': msg`A quote was accepted: changes to the measurements now go through the contractor`,
  'member.remove_not_allowed': msg`Only the project's owner or contractor can remove a member`,
  'member.not_removable': msg`The project's owner or assigned contractor cannot be removed`,
  'member.not_found': msg`This person is not a member of this project`,
  'member.remove_failed': msg`The member could not be removed`,
  'organization.team_load_failed': msg`The team could not be loaded`,
  'organization.assign_failed': msg`The project could not be assigned`,
  'organization.remove_failed': msg`The contractor could not be removed`,
  'organization.assign_admin_only': msg`Only an organization admin can assign projects`,
  'organization.project_outside': msg`This project is not in your organization`,
  'organization.not_a_contractor': msg`That person is not a contractor of your organization`,
  'organization.member_not_found': msg`This person is not a contractor of an organization`,
  'organization.remove_admin_only': msg`Only the organization's admin can remove a contractor`,
  'profile.server_fields': msg`Your role and organization cannot be changed here`,
  'profile.delete_via_account': msg`A profile is removed by deleting the account`,
  'account.files_remain': msg({
    message:
      "Remove the account's files first ({count, plural, one {# file is} other {# files are}} still stored)",
  }),
  'file.ids_readonly': msg`A file's project and owner cannot be changed`,
  'file.path_not_stored': msg`A file must be uploaded to its project before it is added`,

  // ── analytics and reviews ──
  'analytics.load_failed': msg`The figures could not be loaded`,
  'analytics.reviews_load_failed': msg`The review figures could not be loaded`,
  'analytics.admin_only': msg`Only an organization admin can view analytics`,
  'analytics.period_reversed': msg`Choose a period whose start is on or before its end`,
  'analytics.period_too_long': msg({
    message: 'Choose a period of at most {years, plural, one {# year} other {# years}}',
  }),
  'reviews.too_many_contractors': msg({
    message: 'Ask for at most {limit} contractors at once',
  }),
  'review.rating_invalid': msg`Choose 1 to 5 stars`,
  'review.body_too_long': msg({ message: 'Keep the review to {limit, number} characters' }),
  'review.reply_too_long': msg({ message: 'Keep the reply to {limit, number} characters' }),
  'review.owner_only': msg`Only the homeowner who owns the project can review its contractor`,
  'review.project_not_completed': msg`A project can be reviewed once it is completed`,
  'review.no_contractor': msg`This project has no contractor to review`,
  'review.self': msg`You cannot review yourself`,
  'review.exists': msg`This project already has a review`,
  'review.ids_readonly': msg`A review's project and people cannot be changed`,
  'review.delete_not_allowed': msg`A review cannot be deleted`,
  'review.reply_contractor_only': msg`Only the contractor can reply`,
  'review.edit_window_over': msg({
    message: 'A review can be changed only in the {days} days after it was written',
  }),
  'review.homeowner_only': msg`Only the homeowner can change the review`,
  'review.already_replied': msg`You have already replied to this review`,
  'review.reply_empty': msg`Write a reply`,
  'review.not_party': msg`Only the reviewer and the contractor can change a review`,
  'review.not_signed_off': msg`A job can be reviewed once the homeowner has signed it off`,

  // ── the walkthrough: punch list and sign-off ──
  'punch.not_allowed': msg`Only the job's people who may change it can change its punch list`,
  'punch.signed_off': msg`This job is signed off: its punch list can no longer change`,
  'punch.item_required': msg`Write what needs fixing`,
  'punch.item_too_long': msg({ message: 'Keep the item to {limit, number} characters' }),
  'punch.note_too_long': msg({ message: 'Keep the note to {limit, number} characters' }),
  'punch.opening_invalid': msg`Choose an opening of this job`,
  'punch.photo_other_project': msg`That photo belongs to another job`,
  'punch.rate_limited': msg({
    message: 'Too many punch list items in an hour (at most {per_hour, number}). Try again later.',
  }),
  'signoff.project_not_found': msg`This job no longer exists`,
  'signoff.owner_only': msg`Only the homeowner can sign the job off`,
  'signoff.signer_name_required': msg`Type your full name to sign`,
  'signoff.list_malformed': msg`The punch list could not be read. Reload and try again.`,
  'signoff.no_accepted_quote': msg`A job can be signed off once a quote is accepted`,
  'signoff.install_not_done': msg`The job can be signed off once the install is done: when the contractor marks it done, or after its last day`,
  'signoff.already_signed': msg`This job is already signed off`,
  'signoff.list_changed': msg`The punch list changed since you opened it. Check it again, then sign.`,
  'signoff.items_open': msg({
    message:
      '{count, plural, one {One punch list item is not done yet} other {# punch list items are not done yet}}',
  }),

  // ── calendar feeds ──
  'calendar.feed_not_found': msg`This calendar link is not valid or was turned off`,

  // ── messages ──
  'message.empty': msg`Write a message`,
  'message.too_long': msg({ message: 'Keep the message to {limit, number} characters' }),
  'message.attachments_invalid': msg`The attachments could not be read`,
  'message.too_many_attachments': msg({ message: 'Attach at most {limit} files' }),
  'message.ids_readonly': msg`A message's project and author cannot be changed`,
  'message.author_only': msg`Only its author can change a message`,
  'message.edit_window_over': msg({
    message: 'A message can be changed or deleted only in the {minutes} minutes after it was sent',
  }),
  'message.author_mismatch': msg`A message is written by the signed-in user`,
  'message.not_participant': msg`You can write only to projects you are part of`,
  'message.rate_limited': msg({
    message:
      'You have sent {count, plural, one {# message} other {# messages}} in the last {minutes} minutes. Please wait a few minutes before sending more.',
  }),
  'message.attachment_not_in_project': msg`An attached file is not a file of this project`,
  'message.bidder_invalid': msg`That contractor is not bidding on this job`,
  'message.read_not_participant': msg`You can mark messages read only on projects you are part of`,
  'message.read_up_to_required': msg`The read marker has no time`,
  'message_read.up_to_required': msg`The read marker has no time`,
  'message_read.not_yours': msg`You can mark messages read only for yourself`,
  'message_read.bad_id': msg`This read marker does not belong to this project and person`,
  'message_read.fixed': msg`A read marker's project and reader cannot be changed`,

  // ── quote requests ──
  'quote_request.already_open': msg`This project already has an open quote request`,
  'quote_request.zip_invalid': msg`Enter a 5-digit ZIP code`,
  'quote_request.description_too_long': msg({
    message: 'Keep the description under {limit, number} characters',
  }),
  'quote_request.too_many_photos': msg({ message: 'Share at most {limit} photos' }),
  'quote_request.project_readonly': msg`A request's project cannot be changed`,
  'quote_request.closed': msg`This request is closed. Request quotes again instead.`,
  'quote_request.needed_by_past': msg`The needed-by date is in the past`,
  'quote_request.photo_not_in_project': msg`A chosen photo is not a file of this project`,
  'quote_request.list_failed': msg`The quote requests could not be loaded`,
  'quote_request.load_failed': msg`The quote request could not be loaded`,
  'quote_request.send_failed': msg`The quote request could not be sent`,
  'quote_request.close_failed': msg`The quote request could not be closed`,

  // ── quotes ──
  'quote.not_found': msg`Quote not found`,
  'quote.not_on_server': msg`This quote has not reached the server yet. Try again shortly.`,
  'quote.accept_failed': msg`The quote could not be accepted`,
  'quote.decline_failed': msg`The quote could not be declined`,
  'quote.withdraw_failed': msg`The quote could not be withdrawn`,
  'quote.already_accepted': msg`This quote has already been accepted`,
  'quote.superseded': msg`This quote was replaced by a newer version. Review the new one.`,
  'quote.withdrawn': msg`The contractor withdrew this quote`,
  'quote.declined': msg`This quote was declined`,
  'quote.expired': msg({ message: 'This quote expired on {valid_until}' }),
  'quote.not_sent': msg`This quote has not been sent`,
  'quote.accept_owner_only': msg`Only the project's owner can accept this quote`,
  'quote.decline_owner_only': msg`Only the project's owner can decline this quote`,
  'quote.signer_name_required': msg`Type your full name to sign`,
  'quote.hash_invalid': msg`The quote's content hash is missing or malformed`,
  'quote.other_accepted': msg`You have already accepted another quote on this project`,
  'quote.content_changed': msg`This quote changed since you opened it. Review it again before accepting.`,
  'quote.reason_too_long': msg({ message: 'Keep the reason under {limit, number} characters' }),
  // ── change orders, invoices, payments (amounts in cents in the data, shown as money) ──
  'change_order.not_allowed': msg`Only the job's contractor can write its change orders`,
  'change_order.no_accepted_quote': msg`A change order needs an accepted quote on the job`,
  'change_order.rate_limited': msg`Too many change orders in the last hour. Please wait a moment.`,
  'change_order.bad_status': msg`This change order cannot go to that state`,
  'change_order.closed': msg`This change order was already sent or answered and cannot change. Write a new one.`,
  'change_order.total_readonly': msg`A change order's totals are computed by the server`,
  'change_order.empty': msg`Add at least one line before sending the change order`,
  'change_order.credit_over_contract': msg({
    message: 'The credit is larger than the contract ({contract_cents})',
  }),
  'change_order.not_found': msg`Change order not found`,
  'change_order.answer_failed': msg`Your answer to the change order could not be sent`,
  'change_order.approve_owner_only': msg`Only the project's owner can approve this change order`,
  'change_order.decline_owner_only': msg`Only the project's owner can decline this change order`,
  'change_order.signer_name_required': msg`Type your full name to sign`,
  'change_order.hash_invalid': msg`The change order's content hash is missing or malformed`,
  'change_order.not_pending': msg`This change order is no longer waiting for an answer`,
  'change_order.content_changed': msg`This change order changed since you opened it. Review it again before approving.`,
  'change_order.contract_changed': msg`The contract changed since this change order was sent. Ask the contractor to send it again.`,
  'change_order.reason_required': msg`Say why you decline the change order`,
  'change_order.reason_too_long': msg({
    message: 'Keep the reason under {limit, number} characters',
  }),
  'invoice.not_allowed': msg`Only the job's contractor can write its invoices`,
  'invoice.no_accepted_quote': msg`An invoice needs an accepted quote on the job`,
  'invoice.bad_status': msg`This invoice cannot go to that state`,
  'invoice.closed': msg`An issued or void invoice cannot change. Void it and make a new one.`,
  'invoice.amount_invalid': msg`Enter an amount more than $0`,
  'invoice.change_order_invalid': msg`Choose an approved change order of this job with an amount to pay`,
  'invoice.due_invalid': msg`Enter a due date within the next ten years`,
  'invoice.duplicate': msg`This job already has that invoice`,
  'invoice.over_contract': msg({
    message:
      'The invoices would add up to more than the contract ({contract_cents}); already invoiced: {invoiced_cents}',
  }),
  'invoice.not_found': msg`Invoice not found`,
  'payment.not_allowed': msg`Only the job's contractor can record its payments`,
  'payment.no_accepted_quote': msg`A payment needs an accepted quote on the job`,
  'payment.amount_invalid': msg`Enter an amount more than $0`,
  'payment.method_invalid': msg`Choose how it was paid`,
  'payment.date_invalid': msg`Enter the date it was paid`,
  'payment.date_in_future': msg`The payment date cannot be in the future`,
  'payment.reference_too_long': msg({
    message: 'Keep the reference under {limit, number} characters',
  }),
  'payment.invoice_invalid': msg`Choose an issued invoice of this job`,
  'payment.over_contract': msg({
    message:
      'Payments would add up to more than the contract ({contract_cents}); already paid: {paid_cents}',
  }),
  'money.not_found': msg`This job has no contract yet`,
  'quote.withdraw_contractor_only': msg`Only the quote's contractor can withdraw it`,
  'quote.line_count_whole': msg({ message: 'Line {line}: count whole pieces' }),
  'quote.line_area_kind': msg({
    message: 'Line {line}: only a door or drawer-front line is priced by area',
  }),
  'quote.line_overlay': msg({
    message: 'Line {line}: an overlay belongs on a hinge line, more than 0 and at most 4 inches',
  }),
  'quote.request_summary_readonly': msg`The request a quote answers is kept by the server`,
  'quote.draft_not_sent': msg`A draft has not been sent: delete it instead`,
  'quote.contractor_mismatch': msg`A quote is written by its own contractor`,
  'quote.contractor_only': msg`Only a contractor can prepare a quote`,
  'quote.new_status_invalid': msg`A new quote is a draft or sent`,
  'quote.project_not_quotable': msg`You can quote only on open requests in your service area or on projects you were invited to`,
  'quote.ids_readonly': msg`A quote's project, contractor, request and revision cannot be changed`,
  'quote.server_fields': msg`Sent, decided and acceptance fields are set by the server`,
  'quote.sent_readonly': msg`This quote was sent and can no longer be changed. Make a revision instead.`,
  'quote.draft_edit_only': msg`A draft can only be edited or sent`,
  'quote.notes_too_long': msg({ message: 'Keep the notes under {limit, number} characters' }),
  'quote.tax_rate_invalid': msg`The tax rate must be from 0 to 100 %`,
  'quote.total_readonly': msg`A quote's totals are computed from its lines and tax rate`,
  'quote.no_lines': msg`Add at least one line before sending`,
  'quote.valid_until_past': msg`Choose a valid-until date that is not in the past`,
  'quote.project_has_accepted': msg`This project has already accepted a quote`,
  'quote.lines_invalid': msg`The quote's lines could not be read`,
  'quote.too_many_lines': msg({ message: 'A quote has at most {limit} lines' }),
  'quote_line.invalid': msg({ message: 'Line {line}: not a quote line' }),
  'quote_line.unknown_field': msg({ message: 'Line {line}: unknown field {field}' }),
  'quote_line.unknown_kind': msg({ message: 'Line {line}: unknown kind' }),
  'quote_line.description_required': msg({ message: 'Line {line}: enter a description' }),
  'quote_line.description_too_long': msg({
    message: 'Line {line}: keep the description to {limit, number} characters',
  }),
  'quote_line.quantity_required': msg({ message: 'Line {line}: enter a quantity' }),
  'quote_line.quantity_invalid': msg({
    message: 'Line {line}: the quantity must be more than 0 and at most 10,000 (3 decimals)',
  }),
  'quote_line.price_required': msg({ message: 'Line {line}: enter a price' }),
  'quote_line.price_invalid': msg({
    message: 'Line {line}: the price must be whole cents from 0 to 10,000,000',
  }),
  'quote_line.area_not_number': msg({
    message: 'Line {line}: the area must be a number of square feet',
  }),
  'quote_line.area_invalid': msg({
    message: 'Line {line}: the area must be more than 0 and at most 100 square feet (4 decimals)',
  }),
  'quote_line.size_invalid': msg({
    message: 'Line {line}: the size must be inches from 0 to 1,000',
  }),
  'quote_line.amount_too_large': msg({ message: 'Line {line}: the amount is over $10,000,000' }),

  // ── visits (the form's checks on the device and the database's refusals alike) ──
  'visit.slots_empty': msg`Add at least one time.`,
  'visit.too_many_slots': msg`Offer at most 10 times.`,
  'visit.slot_malformed': msg`Enter a date and both times.`,
  'visit.slot_end_before_start': msg`The end must be after the start.`,
  'visit.slot_too_long': msg`A time can be at most 24 hours long.`,
  'visit.slot_in_past': msg`This time has already passed. Choose a later one.`,
  'visit.not_found': msg`This visit is no longer here.`,
  'visit.bad_status': msg`This visit was already answered.`,
  'visit.bad_slot': msg`Choose one of the offered times.`,
  'visit.message_too_long': msg`Keep the message to 2,000 characters.`,
  'visit.not_allowed': msg`Only the project's contractor or homeowner can do this with the visit.`,
  'visit.project_not_found': msg`This project is no longer here.`,
  'visit.too_many_crew': msg({ message: 'Choose at most {max} people for the crew.' }),
  'visit.crew_not_allowed': msg`Only people of your team can be on the crew.`,
  'visit.rate_limited': msg({
    message: 'You have proposed {per_hour} visits in the last hour. Please wait a moment.',
  }),
  'visit.already_proposed': msg`A measure visit is already waiting for an answer on this project.`,
  'visit.closed': msg`This visit is closed and can no longer be changed.`,
  'visit.no_accepted_quote': msg`Install days can be planned once the homeowner has accepted a quote.`,
  'visit.done_not_install': msg`Only an install visit can be marked done.`,
  'visit.done_too_early': msg`The install can be marked done once its first day has begun.`,

  // ── sync ──
  'sync.deleted_elsewhere': msg`Deleted on another device`,
  'sync.not_found': msg`No longer exists on the server`,
  'sync.rls_refused': msg`Not allowed for your account`,
  'sync.unknown_table': msg({ message: 'The app sent a change for an unknown table ({table})' }),
  'sync.unknown_kind': msg`The app sent a change of an unknown kind`,
  'sync.bad_id': msg`The app sent a change without a valid id`,
  'sync.bad_op_id': msg`The app sent a change without a valid change id`,
  'sync.bad_op_shape': msg`The app sent a change the server could not read`,
  'sync.id_mismatch': msg`The app sent a change whose ids differ`,
  'sync.bad_base_version': msg`The app sent a change with a bad version`,
  'sync.columns_not_writable': msg({
    message: 'These fields cannot be changed from the app: {columns}',
  }),
  'sync.details_not_object': msg`The project's details could not be read`,
  'sync.details_patch_not_allowed': msg`Only a project's details can be changed in parts`,
  'sync.path_invalid': msg`The app sent a change to a field it could not name`,
  'sync.delete_refused': msg`This cannot be deleted`,
  'sync.bad_cursor': msg`The app asked for changes from a bad position. Sync again.`,
  'sync.ops_not_array': msg`The app sent changes the server could not read`,
  'sync.too_many_ops': msg({ message: 'At most {limit, number} changes can be sent at once' }),
  'sync.op_too_large': msg({ message: 'A change is larger than {limit, number} bytes' }),
  'sync.op_too_deep': msg({ message: 'A change is nested deeper than {limit} levels' }),
  'sync.too_many_patches': msg({ message: 'A change has more than {limit} parts' }),
  'sync.path_too_long': msg({ message: 'A change names a field more than {limit} levels deep' }),
  'sync.nul_character': msg`It holds a character that can't be saved (often from a paste)`,
  'sync.log_not_allowed': msg`The change log is written only for this transaction's rows`,
  'sync.conflicts_not_allowed': msg`Conflicts are recorded only for rows you can read`,
  'sync.id_readonly': msg`A row's id cannot change`,
  'sync.catalog_invalid': msg({ message: 'The list of synced tables is not valid ({problem})' }),
  // ── door orders and door makers ──
  'door_order.not_allowed': msg`Only the job's contractor places and tracks its door order`,
  'door_order.project_not_found': msg`This job no longer exists on the server`,
  'door_order.remake_of_not_found': msg`The order to remake no longer exists on this job`,
  'door_order.not_found': msg`This door order no longer exists on the server`,
  'door_order.snapshot_fixed': msg`A sent door order stays as it was sent: place a new order instead`,
  'door_order.rate_limited': msg({
    message: 'Too many door orders: at most {per_hour, number} an hour. Try again later.',
  }),
  'door_order.maker_name_required': msg`Enter the door maker's name`,
  'door_order.bad_email': msg`Enter the door maker's email address`,
  'door_order.bad_files': msg`Choose the files to send: the PDF, the CSV or the workbook`,
  'door_order.confirmed_on_required': msg`Enter the date the maker confirmed`,
  'door_order.maker_order_number_required': msg`Enter the maker's order number`,
  'door_order.shipped_on_required': msg`Enter the date it shipped`,
  'door_order.received_on_required': msg`Enter the date it arrived`,
  'door_order.date_in_future': msg`This date has not come yet`,
  'door_order.date_too_old': msg`This date is more than a year ago`,
  'door_order.date_before': msg`This date is before the order's earlier step`,
  'door_order.ship_date_too_far': msg({
    message: 'The promised ship date is more than {days, number} days after the order',
  }),
  'door_order.remake_part_not_due': msg`Only parts checked in as not right are ordered again`,
  'door_order.parts_empty': msg`The door order has no parts`,
  'door_order.too_many_parts': msg({ message: 'A door order holds at most {max, number} parts' }),
  'door_order.part_malformed': msg`A part of the door order is not valid`,
  'door_order.part_duplicate': msg`A part is twice in the door order`,
  'door_order.checkin_malformed': msg`A checked-in part is not valid`,
  'door_order.checkin_unknown_part': msg`A checked-in part is not in this order`,
  'door_order.not_mailed': msg`This order was sent another way, not by mail`,
  'door_order.mail_failed': msg`The mail to the door maker could not be sent. Try again, or send it another way.`,
  'door_order.already_mailed': msg`This order was already mailed to the door maker`,
  'door_order.mail_in_progress': msg`This order is being mailed right now. Look again in a minute.`,
  'door_order.mail_rate_limited': msg({
    message: 'Too many orders mailed: at most {per_hour, number} an hour. Try again later.',
  }),
  'door_order.mail_not_configured': msg`Mail is not set up on this server. Send the files another way.`,
  'door_maker.not_allowed': msg`Only a contractor keeps a list of door makers`,
  'door_maker.rate_limited': msg({
    message: 'Too many door makers added: at most {per_hour, number} an hour',
  }),
  'door_maker.too_many': msg({ message: 'Your list holds at most {max, number} door makers' }),
  'door_maker.name_required': msg`Enter the door maker's name`,
  'door_maker.bad_email': msg`Enter the door maker's email address`,
  'text.too_long': msg({
    message: '{name} is too long: keep it to {limit, number} characters',
  }),
};

/** A code the catalogue knows. */
export type ErrorCode = keyof typeof ERROR_TEXTS;

/** True when the catalogue has words for `code`. */
export function isKnownCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_TEXTS, code);
}

/** `descriptor` in the language shown with `values` in its placeholders. */
function show(descriptor: MessageDescriptor, values: Record<string, unknown>): string {
  // Through a bound reference: the catalog extractor reads every `i18n._(…)` call as a message.
  const translate = i18n._.bind(i18n);
  return translate(descriptor.id ?? '', values, { message: descriptor.message });
}

/** Data values shown as dates (ISO `YYYY-MM-DD` or a timestamp in the data). */
const DATE_KEYS = new Set(['valid_until']);
/** Data values in cents, shown as money. */
const MONEY_KEYS = new Set(['contract_cents', 'invoiced_cents', 'paid_cents', 'total_cents']);

/**
 * The words a person reads for `failure` (a code and its data) in the language shown: the
 * catalogue's text with the data in it, or "Something went wrong (<code>)" for a code the
 * catalogue does not know (never a blank).
 */
export function errorText(failure: Pick<Failure, 'code' | 'data'>): string {
  const { code } = failure;
  if (!isKnownCode(code)) return show(ERROR_TEXTS['error.unknown'], { code: code || 'none' });
  const values: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(failure.data ?? {}))
    values[k] =
      DATE_KEYS.has(k) && typeof v === 'string'
        ? formatDate(v)
        : MONEY_KEYS.has(k) && typeof v === 'number'
          ? formatMoney(v)
          : v;
  if (code === 'error.unknown' && typeof values.code !== 'string') values.code = 'none';
  if (code === 'text.too_long')
    values.name = TEXT_FIELD_NAMES[values.field as TextField] ?? i18n._(msg`A text`);
  return show(ERROR_TEXTS[code], values);
}

/** SQLSTATE / HTTP status → the app's generic code, for an error the database did not name. */
const GENERIC_BY_STATE: Readonly<Record<string, ErrorCode>> = {
  '42501': 'error.not_allowed',
  '403': 'error.not_allowed',
  P0002: 'error.not_found',
  PT404: 'error.not_found',
  '404': 'error.not_found',
  PGRST116: 'error.not_found',
  '23505': 'error.duplicate',
  '409': 'error.duplicate',
  '23503': 'error.missing_reference',
  '23514': 'error.check_failed',
  '22023': 'error.invalid_request',
  '22P02': 'error.invalid_request',
  '400': 'error.invalid_request',
  '22P05': 'error.unstorable_text',
  '54000': 'error.too_large',
  '54001': 'error.too_large',
  PGRST413: 'error.too_large',
  '413': 'error.too_large',
  '429': 'error.rate_limited',
  PT429: 'error.rate_limited',
  '500': 'error.server',
  '502': 'error.server',
  '503': 'error.server',
};

/**
 * The failure a server error names: its MESSAGE when that is a code (with DETAIL's JSON as the
 * data), else the generic code of its SQLSTATE / status (`42501` → `error.not_allowed`), else
 * `error.unknown` with the SQLSTATE as data (so the person still sees which).
 */
export function serverFailure(error: {
  code?: string | null;
  message?: string | null;
  details?: unknown;
}): Failure {
  const message = error.message ?? '';
  if (isErrorCode(message)) return failure(message, errorData(error.details));
  const state = error.code ?? '';
  const generic = GENERIC_BY_STATE[state];
  if (generic) return failure(generic);
  if (/^5\d\d$/.test(state)) return failure('error.server');
  return failure('error.unknown', { code: state || 'none' });
}
