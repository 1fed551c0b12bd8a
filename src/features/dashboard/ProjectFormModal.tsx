import { Trans, useLingui } from '@lingui/react/macro';
import { Modal } from '../../ui/Modal';
import type { DataRole, ProjectRow } from '../../data';
import { PROJECT_SCOPES, PROJECT_TYPES } from '../../domain/projectRules';
import { projectTypeText } from '../../i18n/domainLabels';
import { domainText } from '../../i18n/domainTexts';
import { SelectField, TextField } from '../../ui/FormFields';
import { PhoneInput } from '../../ui/PhoneInput';
import { CREATE_STATUSES } from './projectFormValues';
import { ContractorProjectFields } from './ContractorProjectFields';
import { useProjectForm } from './useProjectForm';

/**
 * Create and edit modal of a project (product rules "Screens and routes", "Records and their fields", "Input checks"). Homeowners: name,
 * type, description, email, phone, address; contractors (any non-homeowner):
 * customer name, address, phone, email, project scopes, budget (with custom
 * text), project type, description, and on create a status (default Draft).
 * Errors per field; a field's error clears when it is edited.
 *
 * Editing follows the live row: a field another device changes while the
 * form is open takes the new value unless the user changed it too, in which
 * case the user's value stays with "Changed on another device to …" and a
 * choice. Save sends only the fields the user changed.
 */
export function ProjectFormModal({
  role,
  project,
  onClose,
}: {
  role: DataRole;
  project?: ProjectRow;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const form = useProjectForm(role, project, onClose);
  const { kind, mode, values, errors, formError, busy, id, set, submit, changedElsewhere } = form;

  const title = project
    ? kind === 'homeowner'
      ? t`Edit Project Details`
      : t`Edit Client Details`
    : kind === 'homeowner'
      ? t`Create New Project`
      : t`Add Client Project`;

  function text(
    field: 'name' | 'email' | 'address' | 'customBudget',
    label: string,
    opts: { type?: string; autoComplete?: string; span?: boolean } = {},
  ) {
    return (
      <TextField
        id={id(field)}
        label={label}
        type={opts.type}
        autoComplete={opts.autoComplete ?? 'off'}
        span={opts.span}
        value={values[field]}
        error={domainText(errors[field] ?? null)}
        onChange={(v) => set(field, v)}
      >
        {changedElsewhere(field, label)}
      </TextField>
    );
  }

  const phoneErr = errors.phone;

  return (
    <Modal title={title} onClose={onClose}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        {formError ? (
          <div className="alert alert-error" role="alert">
            {formError}
          </div>
        ) : null}
        <div className="form-grid">
          {text('name', kind === 'homeowner' ? t`Project name` : t`Customer name`, { span: true })}
          {kind === 'contractor'
            ? text('address', t`Address`, { span: true, autoComplete: 'street-address' })
            : null}
          <div className="field">
            <label htmlFor={id('phone')}>
              <Trans>Phone</Trans>
            </label>
            <PhoneInput
              id={id('phone')}
              value={values.phone}
              errorId={phoneErr ? id('phone-err') : undefined}
              onChange={(phone) => set('phone', phone)}
            />
            {phoneErr ? (
              <p className="field-error" id={id('phone-err')}>
                {domainText(phoneErr)}
              </p>
            ) : null}
            {changedElsewhere('phone', t`Phone`)}
          </div>
          {text('email', t`Email`, { type: 'email', autoComplete: 'email' })}
          {kind === 'homeowner'
            ? text('address', t`Address`, { span: true, autoComplete: 'street-address' })
            : null}
          <SelectField
            id={id('projectType')}
            label={t`Project type`}
            value={values.projectType}
            empty={t`Select a project type`}
            options={(kind === 'homeowner' ? PROJECT_TYPES : PROJECT_SCOPES).map((type) => ({
              value: type,
              label: projectTypeText(type),
            }))}
            error={domainText(errors.projectType ?? null)}
            onChange={(v) => set('projectType', v)}
          >
            {changedElsewhere('projectType', t`Project type`)}
          </SelectField>
          {kind === 'contractor' && mode === 'create' ? (
            <SelectField
              id={id('status')}
              label={t`Status`}
              value={values.status}
              options={CREATE_STATUSES.map((s) => ({ value: s.value, label: i18n._(s.label) }))}
              onChange={(v) => set('status', v)}
            />
          ) : null}
          {kind === 'contractor' ? (
            <ContractorProjectFields
              form={form}
              customBudget={text('customBudget', t`Custom budget`)}
            />
          ) : null}
          <div className="field span-2">
            <label htmlFor={id('description')}>
              <Trans>Description</Trans>
            </label>
            <textarea
              id={id('description')}
              value={values.description}
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={errors.description ? id('description-err') : undefined}
              onChange={(e) => set('description', e.target.value)}
            />
            {errors.description ? (
              <p className="field-error" id={id('description-err')}>
                {domainText(errors.description)}
              </p>
            ) : null}
            {changedElsewhere('description', t`Description`)}
          </div>
        </div>
        <div className="modal-foot">
          <button type="button" className="btn" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {project ? t`Save Changes` : kind === 'homeowner' ? t`Create Project` : t`Add Project`}
          </button>
        </div>
      </form>
    </Modal>
  );
}
