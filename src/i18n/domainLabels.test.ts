import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import {
  BUDGET_LABELS,
  PROJECT_SCOPES,
  ROLE_LABELS,
  STATUS_LABELS,
  UNTITLED_PROJECT,
  projectTypeLabel,
  type Budget,
  type SignupRole,
} from '../domain/projectLabels';
import { JOB_ROLE_LABELS, type JobRole } from '../domain/jobRole';
import { REVIEW_TEXTS, type ReviewFieldError } from '../domain/reviewText';
import { cabinetSummary } from '../domain/cabinetSummary';
import {
  BUDGET_MESSAGES,
  JOB_ROLE_MESSAGES,
  REVIEW_MESSAGES,
  ROLE_MESSAGES,
  STATUS_MESSAGES,
  TYPE_MESSAGES,
  budgetText,
  cabinetSummaryText,
  projectNameText,
  projectTypeText,
  statusText,
} from './domainLabels';

afterEach(() => i18n.activate('en'));

/** Base 2/1 (2 doors, 1 front), Kite DB 0/3 (3 fronts) and a Wall with its door split (2 leaves). */
const KITCHEN = {
  cabinetRows: [
    { id: 0, type: 'Base 2/1' },
    { id: 1, type: 'Kite DB 0/3' },
    { id: 2, type: 'Wall' },
  ],
  itemState: { '2_0': { splitDoor: true } },
};

describe('the domain’s labels through Lingui', () => {
  it('in English each label is the domain’s own, word for word (the spec’s)', () => {
    i18n.activate('en');
    for (const [k, m] of Object.entries(STATUS_MESSAGES))
      expect(i18n._(m)).toBe(k === 'all' ? 'All' : STATUS_LABELS[k as keyof typeof STATUS_LABELS]);
    for (const s of PROJECT_SCOPES) expect(i18n._(TYPE_MESSAGES[s])).toBe(projectTypeLabel(s));
    for (const [k, m] of Object.entries(BUDGET_MESSAGES))
      expect(i18n._(m)).toBe(BUDGET_LABELS[k as Budget]);
    for (const [k, m] of Object.entries(ROLE_MESSAGES))
      expect(i18n._(m)).toBe(ROLE_LABELS[k as SignupRole]);
    for (const [k, m] of Object.entries(JOB_ROLE_MESSAGES))
      expect(i18n._(m)).toBe(JOB_ROLE_LABELS[k as JobRole]);
    for (const [k, m] of Object.entries(REVIEW_MESSAGES))
      expect(i18n._(m)).toBe(REVIEW_TEXTS[k as ReviewFieldError]);
    expect(projectNameText('  ')).toBe(UNTITLED_PROJECT);
    expect(cabinetSummaryText(KITCHEN)).toBe(cabinetSummary(KITCHEN));
    expect(cabinetSummaryText(undefined)).toBe(cabinetSummary(undefined));
  });

  it('in Spanish: statuses, types, budgets, the unnamed project and the summary with Spanish plurals', () => {
    i18n.activate('es');
    expect(statusText('completed')).toBe('Terminado');
    expect(statusText('pending')).toBe('pending');
    expect(projectTypeText('living_room')).toBe('Sala');
    expect(projectTypeText('game_room')).toBe('game room');
    expect(budgetText('under-10k')).toBe('Menos de $10k');
    expect(projectNameText(null)).toBe('Proyecto sin nombre');
    expect(projectNameText(' Cocina Pérez ')).toBe('Cocina Pérez');
    expect(cabinetSummaryText(undefined)).toBe('Todavía no hay gabinetes');
    expect(cabinetSummaryText(KITCHEN)).toBe('3 gabinetes · 4 puertas · 4 frentes de cajón');
    expect(cabinetSummaryText({ cabinetRows: [{ id: 0, type: 'Wall' }], itemState: {} })).toBe(
      '1 gabinete · 1 puerta · 0 frentes de cajón',
    );
  });
});
