// The route table lists every page the customer's and the console's route files draw, and only
// those: what reads the table (the accessibility journey, docs/web.md § Accessibility) misses none.
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { adminRoute } from './admin-routes.tsx';
import { customerRoute } from './customer-routes.tsx';
import { adminPages, customerPages } from './route-table.ts';

/** Every route under `route` that draws a page (it has a title): its path below `route`, and the title. */
function titledPages(route: RouteObject, base = ''): Array<[string, string]> {
  const here = route.path && route.path !== '*' ? (base ? `${base}/${route.path}` : route.path) : base;
  const title = (route.handle as { title?: string } | undefined)?.title;
  const own: Array<[string, string]> = title && route.path ? [[here, title]] : [];
  return [...own, ...(route.children ?? []).flatMap((c) => titledPages(c, here))];
}

describe('the route table and the route files agree', () => {
  it('the customer portal: every page of customer-routes.tsx is in customerPages with its title, and nothing else', () => {
    const pages = (customerRoute.children ?? []).flatMap((c) => titledPages(c));
    expect(Object.fromEntries(pages)).toEqual(customerPages);
    expect(pages).toHaveLength(Object.keys(customerPages).length);
  });

  it('the console: every page of admin-routes.tsx is in adminPages with its title, and nothing else', () => {
    const pages = (adminRoute.children ?? []).flatMap((c) => titledPages(c));
    expect(Object.fromEntries(pages)).toEqual(adminPages);
    expect(pages).toHaveLength(Object.keys(adminPages).length);
  });
});
