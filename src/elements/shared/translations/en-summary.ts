/** The English words of `<testimonial-summary>`, in its chunk (see `en.ts`). */
export const enSummary = {
  reviews: { one: '{0} review', other: '{0} reviews' },
  lovedBy: { one: 'Loved by {0} customer', other: 'Loved by {0} customers' },
  /** The badge in one sentence: `{0}` is the average (4.8), `{1}` is 5, `{2}` the `reviews` phrase. */
  rated: 'Rated {0} out of {1} from {2}',
  /** `{0}` is the `lovedBy` phrase, `{1}` a list of names. */
  amongThem: '{0}, among them {1}.',
  /** One bar of the histogram: `{0}` is the `starCount` phrase, `{1}` the `reviews` phrase. */
  bar: '{0}: {1}',
  starCount: { one: '{0} star', other: '{0} stars' },
  noReviews: 'No reviews yet.',
  summaryError: 'Could not load the reviews summary.',
  dismiss: 'Dismiss the reviews summary',
};
