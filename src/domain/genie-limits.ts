/** Apart from the rules so the wire schemas can refuse over-long requests without the rules importing the wire back. */
export const GENIE_BUCKETS = ['vast', 'many', 'a dozen or so', 'a handful', 'almost there'] as const;

export const GENIE_LIMITS = {
  queryMax: 200,
  candidatesMax: 40,
  titleMax: 300,
  descriptionMax: 1_000,
  historyMax: 15,
  questionMax: 2_000,
  answerMax: 500,
  anchorsMax: 3,
} as const;
