import type { FilingView, FireRating } from '@zl/shared';
import { isBizError } from '../../../lib/biz-error.ts';
import type { FilingSaveBody } from '../api/filing.ts';

/** One crew row of the form (as typed). */
export interface CrewValues {
  name?: string;
  role?: string;
  mobile?: string;
  idcard?: string;
}

/** One material row of the form; the fire rating is chosen, none at first. */
export interface MaterialValues {
  name?: string;
  fireRating?: FireRating;
}

/**
 * The pack form, named as the server names its fields (`power.kw`, `crew.0.idcard`,
 * `materials.1.fireRating`, `insurance`), so a refusal's `fields` land as they are.
 */
export interface FilingValues {
  power: { kw: number | null; box: string };
  crew: CrewValues[];
  materials: MaterialValues[];
  /** the insurance policy's file id ('' while none) */
  insurance: string;
}

export const emptyCrew = (): CrewValues => ({ name: '', role: '', mobile: '', idcard: '' });
export const emptyMaterial = (): MaterialValues => ({ name: '' });

/** The form's start: what was saved (the winner receives the whole ID numbers), or one empty row each. */
export function initialFilingValues(view: FilingView): FilingValues {
  return {
    power: { kw: view.power?.kw ?? null, box: view.power?.box ?? '' },
    crew: view.crew.length > 0 ? view.crew.map((c) => ({ ...c })) : [emptyCrew()],
    materials: view.materials.length > 0 ? view.materials.map((m) => ({ ...m })) : [emptyMaterial()],
    insurance: view.insurance?.id ?? '',
  };
}

const t = (v: string | undefined) => (v ?? '').trim();

/** What Projectcenter/filingSave is sent (the values have passed the form's rules). */
export function toSaveBody(projectId: number, v: FilingValues): FilingSaveBody {
  return {
    id: projectId,
    power: { kw: Number(v.power.kw), box: t(v.power.box) },
    crew: v.crew.map((c) => ({
      name: t(c.name),
      role: t(c.role),
      mobile: t(c.mobile).replace(/\s+/g, ''),
      idcard: t(c.idcard).replace(/\s+/g, '').toUpperCase(),
    })),
    materials: v.materials.map((m) => ({ name: t(m.name), fireRating: m.fireRating as FireRating })),
    insurance: v.insurance,
  };
}

type NamePath = Array<string | number>;

const CREW_FIELDS = new Set(['name', 'role', 'mobile', 'idcard']);
const MATERIAL_FIELDS = new Set(['name', 'fireRating']);

/**
 * Where a server field name goes on the pack form: `power.kw` / `power.box`, `crew.0.idcard` on
 * that person's field, `materials.1.fireRating` on that material's, `crew` / `materials` (and a
 * whole row) under the list, `insurance`; anything else (null) is said above the buttons.
 */
export function packFieldOf(field: string): NamePath | null {
  const parts = field.split('.');
  const head = parts[0];
  if (head === 'insurance') return ['insurance'];
  if (head === 'power') return parts[1] === 'kw' || parts[1] === 'box' ? ['power', parts[1]] : null;
  if (head === 'crew' || head === 'materials') {
    const i = Number(parts[1]);
    const own = head === 'crew' ? CREW_FIELDS : MATERIAL_FIELDS;
    if (parts.length >= 3 && Number.isInteger(i) && own.has(parts[2]!)) return [head, i, parts[2]!];
    return [head];
  }
  return null;
}

/** Where a server field name goes on an answer's form: `file`, `note`. */
export function answerFieldOf(field: string): NamePath | null {
  return field === 'file' || field === 'note' ? [field] : null;
}

/**
 * A refusal's `data.fields` ({'crew.0.idcard': …, insurance: …}), whatever its code:
 * VALIDATION_FAILED, and FILE_NOT_FOUND for an upload that is not the member's own. Per form field,
 * and the rest (`other`). Empty when the answer names no field.
 */
export function placeErrors(
  err: unknown,
  where: (field: string) => NamePath | null,
): { fields: Array<{ name: NamePath; errors: string[] }>; other: string[] } {
  const fields: Array<{ name: NamePath; errors: string[] }> = [];
  const other: string[] = [];
  if (!isBizError(err)) return { fields, other };
  const data = err.data as { fields?: unknown } | null;
  const byField = data?.fields;
  if (!byField || typeof byField !== 'object') return { fields, other };
  for (const [k, message] of Object.entries(byField as Record<string, unknown>)) {
    if (typeof message !== 'string') continue;
    const name = where(k);
    if (!name) {
      other.push(message);
      continue;
    }
    const same = fields.find((f) => f.name.join('.') === name.join('.'));
    if (same) same.errors.push(message);
    else fields.push({ name, errors: [message] });
  }
  return { fields, other };
}
