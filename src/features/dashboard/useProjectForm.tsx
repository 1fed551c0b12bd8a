/**
 * The state and actions of the project form (ProjectFormModal): values that
 * follow the live row, errors per field (cleared when the field is edited),
 * the save, and the "Changed on another device" notice of a field.
 */
import { useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { projectsRepo, type DataRole, type ProjectRow } from '../../data';
import {
  emptyProjectForm,
  validateContractorProject,
  validateHomeownerProject,
  type FieldErrors,
  type ProjectField,
  type ProjectFormValues,
} from '../../domain/projectRules';
import { ChangedElsewhere } from '../../ui/ChangedElsewhere';
import { budgetText, projectTypeText } from '../../i18n/domainLabels';
import { useProject } from '../../hooks';
import { useMergedForm } from '../../hooks/useMergedForm';
import { fromProject, storedStatus, toDetails } from './projectFormValues';

/**
 * Form state of a project for `role`: create when `project` is absent, else
 * edit (only the fields the user changed are sent). `onClose` runs after a
 * successful save.
 */
export function useProjectForm(
  role: DataRole,
  project: ProjectRow | undefined,
  onClose: () => void,
) {
  const { t } = useLingui();
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
        if (!result.ok) throw new Error(t`Failed to update project`);
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
            ? t`Failed to update project`
            : t`Failed to create project`,
      );
    }
  }

  /** The other device's value of a field, in the words the form shows. */
  function inWords(field: ProjectField, value: unknown): string {
    if (Array.isArray(value)) return value.map((s) => projectTypeText(String(s))).join(', ');
    const text = typeof value === 'string' ? value : '';
    if (field === 'projectType') return text ? projectTypeText(text) : '';
    if (field === 'budget') return budgetText(text);
    return text;
  }

  function changedElsewhere(field: ProjectField, label: string): ReactNode {
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

  return {
    kind,
    mode,
    values,
    errors,
    formError,
    busy,
    id,
    set,
    toggleScope,
    submit,
    changedElsewhere,
  };
}

/** What useProjectForm gives the form's parts. */
export type ProjectForm = ReturnType<typeof useProjectForm>;
