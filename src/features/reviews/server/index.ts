/** What other features may use of reviews: a provider's rating, reviews and what awaits review. */
export { countVisibleReviews, listReviews, ratingOf, reviewableRequests } from './reviews.service';
export { presentReviewPage } from './reviews.presenter';
