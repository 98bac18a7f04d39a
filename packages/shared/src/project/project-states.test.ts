import { describe, expect, it } from 'vitest';
import {
  findTransition,
  PROJECT_CHECKED,
  PROJECT_STATUS,
  PROJECT_TRANSITIONS,
  type ProjectActor,
  type ProjectEvent,
  type ProjectStatus,
  projectStatusLabels,
} from './project-states.ts';

const S = PROJECT_STATUS;
const STATUSES = Object.values(PROJECT_STATUS);
const ACTORS = ['customer', 'supplier', 'admin', 'system'] as const satisfies readonly ProjectActor[];
const EVENTS = [
  'edit',
  'approve',
  'reject',
  'resubmit',
  'cancel',
  'expire',
  'award',
  'uploadContract',
  'reviewContract',
  'startBuilding',
  'prepayPaid',
  'uploadReport',
  'reworkReport',
  'accept',
  'closeByComplaint',
] as const satisfies readonly ProjectEvent[];
// A new event added to ProjectEvent but not listed here is a type error, so the matrix stays whole.
const everyEventListed: [Exclude<ProjectEvent, (typeof EVENTS)[number]>] extends [never] ? true : false =
  true;

/**
 * The lifecycle of docs/product.md § Project status, written out independently of the table:
 * [from, event, to, actors]. Every (from, event, actor) triple not listed here must be refused.
 */
const LEGAL: ReadonlyArray<readonly [ProjectStatus, ProjectEvent, ProjectStatus, readonly ProjectActor[]]> = [
  [S.PENDING_REVIEW, 'edit', S.PENDING_REVIEW, ['customer']],
  [S.PENDING_REVIEW, 'approve', S.BIDDING, ['admin']],
  [S.PENDING_REVIEW, 'reject', S.CLOSED, ['admin']],
  [S.PENDING_REVIEW, 'cancel', S.CLOSED, ['customer']],
  [S.CLOSED, 'resubmit', S.PENDING_REVIEW, ['customer']],
  [S.BIDDING, 'cancel', S.CLOSED, ['customer']],
  [S.BIDDING, 'expire', S.CLOSED, ['system']],
  [S.BIDDING, 'award', S.AWARDED, ['customer']],
  [S.AWARDED, 'uploadContract', S.SIGNING, ['supplier']],
  [S.SIGNING, 'uploadContract', S.SIGNING, ['supplier']],
  [S.SIGNING, 'reviewContract', S.SIGNING, ['customer']],
  [S.SIGNING, 'startBuilding', S.BUILDING, ['customer', 'admin', 'system']],
  [S.SIGNING, 'prepayPaid', S.BUILDING, ['system']],
  [S.BUILDING, 'uploadReport', S.ACCEPTING, ['supplier']],
  [S.ACCEPTING, 'reworkReport', S.BUILDING, ['customer']],
  [S.ACCEPTING, 'accept', S.DONE, ['customer', 'admin', 'system']],
  [S.AWARDED, 'closeByComplaint', S.CLOSED, ['admin']],
  [S.SIGNING, 'closeByComplaint', S.CLOSED, ['admin']],
  [S.BUILDING, 'closeByComplaint', S.CLOSED, ['admin']],
  [S.ACCEPTING, 'closeByComplaint', S.CLOSED, ['admin']],
];

function legal(from: ProjectStatus, event: ProjectEvent, actor: ProjectActor) {
  return LEGAL.find(([f, e, , actors]) => f === from && e === event && actors.includes(actor));
}

describe('project status codes', () => {
  it('are 0–7, each with a Chinese label', () => {
    expect(everyEventListed).toBe(true);
    expect(STATUSES).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(projectStatusLabels).toEqual({
      0: '待审核',
      1: '竞标中',
      2: '已选标',
      3: '签约中',
      4: '施工中',
      5: '待验收',
      6: '已完成',
      7: '已关闭',
    });
    expect(PROJECT_CHECKED).toEqual({ PENDING: 0, APPROVED: 1, REJECTED: 2 });
  });
});

describe('the transition table', () => {
  it('holds exactly the legal transitions, once each', () => {
    expect(PROJECT_TRANSITIONS.map((t) => [t.from, t.event, t.to, [...t.actors].sort()])).toEqual(
      expect.arrayContaining(LEGAL.map(([f, e, to, a]) => [f, e, to, [...a].sort()])),
    );
    expect(PROJECT_TRANSITIONS).toHaveLength(LEGAL.length);
    const keys = PROJECT_TRANSITIONS.map((t) => `${t.from}:${t.event}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  // 8 statuses × 13 events × 4 actors: every triple is either the legal transition or refused.
  for (const from of STATUSES) {
    for (const event of EVENTS) {
      for (const actor of ACTORS) {
        const want = legal(from, event, actor);
        const name = `${projectStatusLabels[from]}(${from}) ${event} by ${actor}`;
        if (want) {
          it(`${name} → ${projectStatusLabels[want[2]]}(${want[2]})`, () => {
            expect(findTransition(from, event, actor)).toMatchObject({ from, event, to: want[2] });
          });
        } else {
          it(`${name} is refused`, () => {
            expect(findTransition(from, event, actor)).toBeUndefined();
          });
        }
      }
    }
  }

  it('an unknown status has no transition', () => {
    for (const event of EVENTS)
      for (const actor of ACTORS) expect(findTransition(8, event, actor)).toBeUndefined();
  });

  it('moves between exactly these (from, to) pairs; every other pair is unreachable in one step', () => {
    const legalPairs = new Set(LEGAL.map(([f, , to]) => `${f}→${to}`));
    expect([...legalPairs].sort()).toEqual(
      [
        '0→0',
        '0→1',
        '0→7',
        '1→7',
        '1→2',
        '2→3',
        '3→3',
        '3→4',
        '4→5',
        '5→4',
        '5→6',
        '2→7',
        '3→7',
        '4→7',
        '5→7',
        '7→0',
      ].sort(),
    );
    for (const from of STATUSES) {
      for (const to of STATUSES) {
        const viaTable = PROJECT_TRANSITIONS.filter((t) => t.from === from && t.to === to);
        expect(viaTable.length > 0, `${from}→${to}`).toBe(legalPairs.has(`${from}→${to}`));
      }
    }
  });

  it('已完成 is final; 已关闭 only reopens by resubmission (guarded: closed by rejection)', () => {
    expect(PROJECT_TRANSITIONS.filter((t) => t.from === S.DONE)).toEqual([]);
    expect(PROJECT_TRANSITIONS.filter((t) => t.from === S.CLOSED)).toEqual([
      expect.objectContaining({ event: 'resubmit', to: S.PENDING_REVIEW, guard: 'closed by rejection' }),
    ]);
  });

  it('every status is reachable from 待审核', () => {
    const seen = new Set<number>([S.PENDING_REVIEW]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const t of PROJECT_TRANSITIONS) {
        if (seen.has(t.from) && !seen.has(t.to)) {
          seen.add(t.to);
          grew = true;
        }
      }
    }
    expect([...seen].sort()).toEqual(STATUSES);
  });
});
