/** 几面开 (how many sides of the stand are open): the publish form's choices, the operator's review label. */
export const OPENS_OPTIONS = [
  { value: 1, label: '一面开' },
  { value: 2, label: '两面开' },
  { value: 3, label: '三面开' },
  { value: 4, label: '四面开' },
];
