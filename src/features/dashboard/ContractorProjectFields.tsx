/**
 * The contractor's part of the project form: project scopes, budget and the
 * custom budget text.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { BUDGETS, PROJECT_SCOPES } from '../../domain/projectRules';
import { budgetText, projectTypeText } from '../../i18n/domainLabels';
import { domainText } from '../../i18n/domainTexts';
import { SelectField } from '../../ui/FormFields';
import type { ProjectForm } from './useProjectForm';
import type { ReactNode } from 'react';

/** Scopes (checkboxes), budget, and custom budget when "Custom" is chosen. */
export function ContractorProjectFields({
  form,
  customBudget,
}: {
  form: ProjectForm;
  /** The custom budget's text field (the modal's own text field). */
  customBudget: ReactNode;
}) {
  const { t } = useLingui();
  const { values, errors, id, set, toggleScope, changedElsewhere } = form;
  const scopeErr = errors.projectScopes;
  return (
    <>
      <fieldset
        className="check-grid span-2"
        aria-describedby={scopeErr ? id('scopes-err') : undefined}
        style={{ marginBottom: '0.9rem' }}
      >
        <legend>
          <Trans>Project scopes</Trans>
        </legend>
        {PROJECT_SCOPES.map((s) => (
          <label key={s} className="check">
            <input
              type="checkbox"
              checked={values.projectScopes.includes(s)}
              onChange={(e) => toggleScope(s, e.target.checked)}
            />
            {projectTypeText(s)}
          </label>
        ))}
        {scopeErr ? (
          <p className="field-error" id={id('scopes-err')} style={{ gridColumn: '1 / -1' }}>
            {domainText(scopeErr)}
          </p>
        ) : null}
        <div style={{ gridColumn: '1 / -1' }}>
          {changedElsewhere('projectScopes', t`Project scopes`)}
        </div>
      </fieldset>
      <SelectField
        id={id('budget')}
        label={t`Budget`}
        value={values.budget}
        empty={t`Not specified`}
        options={BUDGETS.map((b) => ({ value: b, label: budgetText(b) }))}
        onChange={(v) => set('budget', v)}
      >
        {changedElsewhere('budget', t`Budget`)}
      </SelectField>
      {values.budget === 'custom' ? customBudget : <div />}
    </>
  );
}
