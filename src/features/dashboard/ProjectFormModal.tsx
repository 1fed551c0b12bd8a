import { useId, useState, type FormEvent } from 'react';
import { Modal } from '../../app/ui/Modal';
import { projectsRepo, type DataRole, type ProjectRow } from '../../data';
import {
  BUDGETS,
  BUDGET_LABELS,
  PROJECT_SCOPES,
  PROJECT_TYPES,
  emptyProjectForm,
  projectTypeLabel,
  validateContractorProject,
  validateHomeownerProject,
  type FieldErrors,
  type ProjectField,
  type ProjectFormValues,
} from '../../domain/projectRules';
import { SelectField, TextField } from '../../app/ui/FormFields';
import { PhoneInput } from '../../app/ui/PhoneInput';
import { ChangedElsewhere } from '../../app/ui/ChangedElsewhere';
import { useProject } from '../../hooks';
import { useMergedForm } from '../../hooks/useMergedForm';
import { CREATE_STATUSES, fromProject, storedStatus, toDetails } from './projectFormValues';

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
  const kind = role === 'homeowner' ? 'homeowner' : 'contractor';
  const mode = project ? 'edit' : 'create';
  const live = useProject(project?.id);
  const row = live ?? project;
  const form = useMergedForm<ProjectFormValues>(
    row ? fromProject(row, kind) : emptyProjectForm(kind),
  );
  const values = form.values;
  const [errors, setErrors] = useState<FieldErrors<ProjectField>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const uid = useId();
  const id = (f: string) => `${uid}-${f}`;

  function set<K extends ProjectField>(field: K, value: ProjectFormValues[K]) {
    form.set(field, value);
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  }

  function toggleScope(scope: string, on: boolean) {
    set(
      'projectScopes',
      on ? [...values.projectScopes, scope] : values.projectScopes.filter((s) => s !== scope),
    );
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    const checked =
      kind === 'homeowner'
        ? validateHomeownerProject(values)
        : validateContractorProject(values, mode);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    const v = checked.value;
    setBusy(true);
    try {
      if (project) {
        // Only what differs from the values the form started from (or last took in) is sent.
        const result = await projectsRepo.update(
          project.id,
          { name: v.name, details: toDetails(v, kind, {}) },
          { base: { name: form.base.name, details: toDetails(form.base, kind, {}) } },
        );
        if (!result.ok) throw new Error('Failed to update project');
      } else {
        await projectsRepo.create({
          name: v.name,
          status: kind === 'homeowner' ? 'active' : storedStatus(v.status),
          details: toDetails(v, kind, {}),
          role,
        });
      }
      onClose();
    } catch (err) {
      setBusy(false);
      setFormError(
        err instanceof Error && err.message
          ? err.message
          : project
            ? 'Failed to update project'
            : 'Failed to create project',
      );
    }
  }

  const title = project
    ? kind === 'homeowner'
      ? 'Edit Project Details'
      : 'Edit Client Details'
    : kind === 'homeowner'
      ? 'Create New Project'
      : 'Add Client Project';

  /** The other device's value of a field, in the words the form shows. */
  function inWords(field: ProjectField, value: unknown): string {
    if (Array.isArray(value)) return value.map((s) => projectTypeLabel(String(s))).join(', ');
    const text = typeof value === 'string' ? value : '';
    if (field === 'projectType') return text ? projectTypeLabel(text) : '';
    if (field === 'budget') return BUDGET_LABELS[text as keyof typeof BUDGET_LABELS] ?? text;
    return text;
  }

  function changedElsewhere(field: ProjectField, label: string) {
    const conflict = form.conflicts[field];
    if (!conflict) return null;
    return (
      <ChangedElsewhere
        label={label}
        theirs={inWords(field, conflict.theirs)}
        mine={inWords(field, values[field])}
        onKeepMine={() => form.resolve(field, 'mine')}
        onTakeTheirs={() => form.resolve(field, 'theirs')}
      />
    );
  }

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
        error={errors[field]}
        onChange={(v) => set(field, v)}
      >
        {changedElsewhere(field, label)}
      </TextField>
    );
  }

  const phoneErr = errors.phone;
  const scopeErr = errors.projectScopes;

  return (
    <Modal title={title} onClose={onClose}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        {formError ? (
          <div className="alert alert-error" role="alert">
            {formError}
          </div>
        ) : null}
        <div className="form-grid">
          {text('name', kind === 'homeowner' ? 'Project name' : 'Customer name', { span: true })}
          {kind === 'contractor'
            ? text('address', 'Address', { span: true, autoComplete: 'street-address' })
            : null}
          <div className="field">
            <label htmlFor={id('phone')}>Phone</label>
            <PhoneInput
              id={id('phone')}
              value={values.phone}
              errorId={phoneErr ? id('phone-err') : undefined}
              onChange={(phone) => set('phone', phone)}
            />
            {phoneErr ? (
              <p className="field-error" id={id('phone-err')}>
                {phoneErr}
              </p>
            ) : null}
            {changedElsewhere('phone', 'Phone')}
          </div>
          {text('email', 'Email', { type: 'email', autoComplete: 'email' })}
          {kind === 'homeowner'
            ? text('address', 'Address', { span: true, autoComplete: 'street-address' })
            : null}
          <SelectField
            id={id('projectType')}
            label="Project type"
            value={values.projectType}
            empty="Select a project type"
            options={(kind === 'homeowner' ? PROJECT_TYPES : PROJECT_SCOPES).map((t) => ({
              value: t,
              label: projectTypeLabel(t),
            }))}
            error={errors.projectType}
            onChange={(v) => set('projectType', v)}
          >
            {changedElsewhere('projectType', 'Project type')}
          </SelectField>
          {kind === 'contractor' && mode === 'create' ? (
            <SelectField
              id={id('status')}
              label="Status"
              value={values.status}
              options={CREATE_STATUSES}
              onChange={(v) => set('status', v)}
            />
          ) : null}
          {kind === 'contractor' ? (
            <>
              <fieldset
                className="check-grid span-2"
                aria-describedby={scopeErr ? id('scopes-err') : undefined}
                style={{ marginBottom: '0.9rem' }}
              >
                <legend>Project scopes</legend>
                {PROJECT_SCOPES.map((s) => (
                  <label key={s} className="check">
                    <input
                      type="checkbox"
                      checked={values.projectScopes.includes(s)}
                      onChange={(e) => toggleScope(s, e.target.checked)}
                    />
                    {projectTypeLabel(s)}
                  </label>
                ))}
                {scopeErr ? (
                  <p className="field-error" id={id('scopes-err')} style={{ gridColumn: '1 / -1' }}>
                    {scopeErr}
                  </p>
                ) : null}
                <div style={{ gridColumn: '1 / -1' }}>
                  {changedElsewhere('projectScopes', 'Project scopes')}
                </div>
              </fieldset>
              <SelectField
                id={id('budget')}
                label="Budget"
                value={values.budget}
                empty="Not specified"
                options={BUDGETS.map((b) => ({ value: b, label: BUDGET_LABELS[b] }))}
                onChange={(v) => set('budget', v)}
              >
                {changedElsewhere('budget', 'Budget')}
              </SelectField>
              {values.budget === 'custom' ? text('customBudget', 'Custom budget') : <div />}
            </>
          ) : null}
          <div className="field span-2">
            <label htmlFor={id('description')}>Description</label>
            <textarea
              id={id('description')}
              value={values.description}
              onChange={(e) => set('description', e.target.value)}
            />
            {changedElsewhere('description', 'Description')}
          </div>
        </div>
        <div className="modal-foot">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {project ? 'Save Changes' : kind === 'homeowner' ? 'Create Project' : 'Add Project'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
