/**
 * What other features may use of order-center (docs/web.md): the project card and its
 * parts, favourites, the list store (a detail's favourite toggle updates the list) and the
 * deadline and date helpers. The card's styles come with it.
 */
import './order-center.css';

export { useToggleFavorite } from './api/favorite.ts';
export { FavoriteButton, groupLabel, ProjectCard, ProjectCover } from './components/project-card.tsx';
export { deadlineInfo, formatDateRange, formatDateTime, formatSize } from './lib/deadline.ts';
export { appendUnique, useOrderCenter } from './lib/order-center-store.ts';
