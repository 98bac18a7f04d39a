/**
 * What other features may use of order-center (docs/web.md): the project card and its
 * parts, favourites and the list store (a detail's favourite toggle updates the list). The
 * card's styles come with it.
 */
import './order-center.css';

export { useToggleFavorite } from './api/favorite.ts';
export { FavoriteButton, groupLabel, ProjectCard, ProjectCover } from './components/project-card.tsx';
export { appendUnique, useOrderCenter } from './lib/order-center-store.ts';
