import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

/**
 * sharp (libvips), loaded with the first image the process handles rather than at start: a start
 * serves pages long before anyone uploads a photo (docs/adr/0018-demo-template.md "Start time").
 */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then((m) => m.default);
  return loading;
}
