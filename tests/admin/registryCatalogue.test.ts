import { describe, expect, it } from 'vitest';
import { customFieldDefinition, normalizeFieldRecord, RESOURCES, type FieldValidation } from '@app/domain';
import { en } from '../../admin/src/i18n/en';
import { fr } from '../../admin/src/i18n/fr';
import { fieldLabel, validatorsFor } from '../../admin/src/registry';

const lookup = (catalogue: object, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);

const placedFields = Object.values(RESOURCES).flatMap((resource) =>
  resource.fields.filter((field) => field.places.length).map((field) => ({ resource, field })),
);

describe('the registry read by the admin', () => {
  it.each([
    ['en', en],
    ['fr', fr],
  ] as const)('labels every field the admin shows in %s', (_, catalogue) => {
    const missing = placedFields
      .map(({ resource, field }) => fieldLabel(resource, field))
      .filter((key) => typeof lookup(catalogue, key) !== 'string');
    expect(missing).toEqual([]);
  });

  it.each([
    ['en', en],
    ['fr', fr],
  ] as const)('has in %s every validation message the registry names', (_, catalogue) => {
    const keys = placedFields.flatMap(({ field }) => {
      const rules: FieldValidation = field.validate ?? {};
      return [rules.message, ...Object.values(rules.messages ?? {})].filter((key) => key !== undefined);
    });
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((key) => typeof lookup(catalogue, `app.validation.${key}`) !== 'string')).toEqual([]);
  });

  it("checks a team member's password on create only, each rule with the old system's message", () => {
    const password = RESOURCES['team-members']!.fields.find((field) => field.source === 'password')!;
    const email = RESOURCES['team-members']!.fields.find((field) => field.source === 'email')!;
    const failures = (field: typeof password, mode: 'create' | 'edit', value: string) =>
      validatorsFor(field, mode)
        .map((validate) => validate(value, {}, {}))
        .filter(Boolean)
        .map((error) => (typeof error === 'string' ? error : (error as { message: string }).message));
    expect(failures(password, 'create', '')).toEqual(['app.validation.teamPasswordRequired']);
    expect(failures(password, 'edit', '')).toEqual([]);
    expect(failures(password, 'edit', 'abc')).toEqual(['app.validation.teamPasswordMin']);
    expect(failures(email, 'edit', '')).toEqual(['app.validation.teamEmailRequired']);
    expect(failures(email, 'edit', 'nina-at-example')).toEqual(['app.validation.teamEmailInvalid']);
  });

  it("refuses a value off a configured field's pattern in words: its help, never the pattern itself", () => {
    const field = customFieldDefinition({
      ...normalizeFieldRecord({ id: 'visa_ref', label: 'Visa ref', type: 'text', pattern: '[A-Z]{2}[0-9]{4,10}' }),
      help: 'Two capitals, then 4 to 10 digits.',
    });
    const [pattern] = validatorsFor(field);
    expect(pattern!('TH99', {}, {})).toEqual({
      message: 'app.validation.patternHelp',
      args: { help: 'Two capitals, then 4 to 10 digits.' },
    });
    expect(pattern!('TH1234', {}, {})).toBeUndefined();
    const [bare] = validatorsFor(
      customFieldDefinition(normalizeFieldRecord({ id: 'bare', label: 'Bare', type: 'text', pattern: '[A-Z]+' })),
    );
    expect(bare!('TH99', {}, {})).toBe('app.validation.pattern');
  });
});
