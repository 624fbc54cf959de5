/**
 * The English words of `<testimonial-card>` and `<testimonial-wall>`: in the script-tag entry, the
 * last step of every fallback chain. `{0}`, `{1}` are filled in by the caller (numbers through
 * `Intl.NumberFormat`); an object holds one form per plural category (`Intl.PluralRules`) of `{0}`.
 * The player's, the summary's and the moving layouts' words come with their own chunks
 * (`en-video.ts`, `en-summary.ts`, `en-moving.ts`); every other language is one chunk of its own.
 */
export const en = {
  loadingCard: 'Loading testimonial…',
  cardError: 'This testimonial could not be loaded.',
  retry: 'Try again',
  readMore: 'Read more',
  showLess: 'Show less',
  /** The rating's accessible name: `{0}` is the rating (4, 4.5), whose plural category picks the form ("1 étoile sur 5"); `{1}` is 5. */
  stars: { other: '{0} out of {1} stars' },
  /** `{0}` is the source: "Trustpilot", "example.com" (a link when known). */
  via: 'via {0}',
  permalink: 'Permalink',
  media: 'Media',
  tags: 'Tags',
  companyLogo: 'Company logo',
  anonymous: 'Anonymous',
  /** `{0}` is the customer's name. */
  videoFrom: 'Video testimonial from {0}',
  watchVideoFrom: 'Watch the video testimonial from {0}',
  mediaVideo: 'Video from {0}',
  /** `{0}` is the image's position, `{1}` the customer's name. */
  mediaImage: 'Image {0} from {1}',
  testimonials: 'Testimonials',
  loadingWall: 'Loading testimonials…',
  wallError: 'Could not load testimonials.',
  moreError: 'Could not load more testimonials.',
  empty: 'No testimonials to show yet.',
  loadMore: 'Load more',
  loadingMore: 'Loading…',
  cta: 'Leave a testimonial',
  /** Announced when a further page arrived; `{0}` is how many testimonials it added. */
  added: { one: '{0} more testimonial loaded.', other: '{0} more testimonials loaded.' },
  noMore: 'No more testimonials.',
  /** The skip link before the testimonials, and where it lands after them. */
  skip: 'Skip testimonials',
  skipEnd: 'End of testimonials',
};
