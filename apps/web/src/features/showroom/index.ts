/**
 * What other features may use of showroom (docs/showroom.md): the public showroom view, which
 * takes the designs and services sections as `extraSections`.
 */
export { ShowroomView } from './components/showroom-view.tsx';
