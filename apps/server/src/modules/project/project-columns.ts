import { projects } from '../../db/schema/index.ts';

/** The columns a project list row is built from (project-view.ts turns them into the API shape). */
export const projectSummaryColumns = {
  id: projects.id,
  orders: projects.orders,
  title: projects.title,
  groupid: projects.groupid,
  areas: projects.areas,
  length: projects.length,
  width: projects.width,
  height: projects.height,
  opens: projects.opens,
  prov: projects.prov,
  city: projects.city,
  sdate: projects.sdate,
  edate: projects.edate,
  biddl: projects.biddl,
  coins: projects.coins,
  peoples: projects.peoples,
  prepay: projects.prepay,
  status: projects.status,
  picture: projects.picture,
  createdAt: projects.createdAt,
  buildStart: projects.buildStart,
};
