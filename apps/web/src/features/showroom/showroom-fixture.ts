import type { ShowInfo } from '@zl/shared';

/** A showroom as Company/showInfo answers it (the web tests). */
export function showInfoFixture(over: Partial<ShowInfo> = {}): ShowInfo {
  const ref = (id: string) => ({ id, url: `/files/${id}`, thumbUrl: `/files/${id}/thumb` });
  return {
    profile: {
      cardno: '10000001',
      isSet: true,
      name: '鼎盛展览工程',
      logo: ref('logo000000000000000000'),
      banner: ref('banner0000000000000000'),
      introduction: '专注展台设计搭建十年。',
      scale: '50–100 人',
      founded: 2012,
      regions: ['上海', '江苏'],
      specialities: ['特装展台'],
      contact: '王经理 021-5555 0000',
      updated: '2026-11-22T02:00:00Z',
    },
    personVerified: true,
    businessVerified: true,
    score: 4.3,
    trackRecord: { completed: 3, onTimeRate: 1, readyCounted: 1, complaintsUpheld: 0 },
    cases: [
      {
        id: 1,
        title: '上海车展双层展台',
        descr: '360 平方米',
        faceimg: ref('face000000000000000000'),
        pictures: [ref('pic1000000000000000000')],
        created: '2026-11-22T02:00:00Z',
        updated: '2026-11-22T02:00:00Z',
      },
    ],
    evaluations: [
      {
        id: 5,
        projectTitle: '医疗器械展',
        quality: 5,
        service: 4,
        punctuality: 4,
        content: '搭建质量很好',
        pictures: [],
        authorName: '华展***',
        reply: '感谢认可',
        created: '2026-11-20T02:00:00Z',
      },
    ],
    evaluationCount: 1,
    mine: false,
    ...over,
  };
}
