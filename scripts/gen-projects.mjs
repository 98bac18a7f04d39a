// Realistic booth projects for load tests and demos (issue 4 §6).
//   node scripts/gen-projects.mjs --count 1000000 [--database-url postgres://…]   (PostgreSQL server)
//   node scripts/gen-projects.mjs --count 200 --pglite-dir <DATA_DIR>/pglite       (embedded, small N)
// The database must be migrated (start the server once). Rows are made by the database itself
// (generate_series, one INSERT … SELECT per batch), so 1,000,000 rows take a few minutes at most.
import { areaList } from '@vant/area-data';

const EXPOS = [
  '国际车展',
  '国际家具博览会',
  '工业博览会',
  '国际医疗器械博览会',
  '美容博览会',
  '国际食品展',
  '数字经济博览会',
  '进口博览会',
  '建筑装饰博览会',
  '国际照明展',
  '新能源汽车展',
  '国际茶博会',
  '消费电子展',
  '光博会',
  '国际物流展',
  '文化产业博览会',
  '国际酒店用品展',
  '智能制造展',
  '国际纺织面料展',
  '国际珠宝展',
  '房车露营展',
  '动漫游戏展',
  '农业博览会',
  '国际水展',
];
const COMPANIES = [
  '华晨汽车',
  '星河电子',
  '蓝海医疗',
  '恒泰家居',
  '金穗食品',
  '云启科技',
  '远航物流',
  '瑞丰光电',
  '博远机械',
  '锦绣纺织',
  '天禾农业',
  '安澜水务',
  '明德教育',
  '盛世珠宝',
  '极光新能源',
  '润泽美妆',
  '鸿运酒业',
  '青竹茶业',
  '万象文化',
  '凌云智能',
  '中科仪器',
  '海纳装备',
  '德信建材',
  '驰骋房车',
];
const KINDS = {
  1: ['特装展台 搭建', '特装展台 设计搭建', '双层特装展台 搭建', '岛型特装展台 搭建'],
  2: ['标准展位 升级改造', '标摊 装修布置', '标准展位 特装化'],
  3: ['企业展厅 设计施工', '品牌展馆 搭建', '产品体验馆 布展'],
  4: ['发布会舞台 搭建', '开幕式舞台 灯光音响', '路演舞台 搭建'],
  5: ['活动美陈 制作', '巡展物料 制作', '门头 广告 制作'],
};
// Where exhibitions happen: the big venue cities most of the time, any city of the dataset otherwise.
const BIG_CITIES = [
  ['上海市', '上海市'],
  ['北京市', '北京市'],
  ['广东省', '广州市'],
  ['广东省', '深圳市'],
  ['四川省', '成都市'],
  ['浙江省', '杭州市'],
  ['江苏省', '南京市'],
  ['湖北省', '武汉市'],
  ['重庆市', '重庆市'],
  ['天津市', '天津市'],
  ['陕西省', '西安市'],
  ['福建省', '厦门市'],
  ['山东省', '青岛市'],
  ['湖南省', '长沙市'],
  ['河南省', '郑州市'],
  ['江苏省', '苏州市'],
];
const DIMIAN = [
  [{ name: '地台', spec: '木结构 + 灰色地毯', unit: 'm²', qty: 0, remark: '' }],
  [{ name: '地台', spec: '钢架 + 地胶', unit: 'm²', qty: 0, remark: '高 10cm' }],
  [{ name: '地毯', spec: '满铺拉绒地毯', unit: 'm²', qty: 0, remark: '' }],
];
const BEIBAN = [
  [{ name: '背景墙', spec: '木结构 + 喷绘', unit: 'm²', qty: 24, remark: '' }],
  [{ name: 'LED 背景屏', spec: 'P2.5 室内屏', unit: 'm²', qty: 12, remark: '含控制系统' }],
  [],
];
const JIEDAI = [
  [{ name: '接待台', spec: '烤漆 + 亚克力发光字', unit: '个', qty: 1, remark: '' }],
  [
    { name: '洽谈桌椅', spec: '一桌四椅', unit: '套', qty: 3, remark: '' },
    { name: '接待台', spec: '木质烤漆', unit: '个', qty: 1, remark: '' },
  ],
  [],
];

function cityPairs() {
  const provinces = new Map(Object.entries(areaList.province_list).map(([c, n]) => [c.slice(0, 2), n]));
  return Object.entries(areaList.city_list).map(([code, name]) => [provinces.get(code.slice(0, 2)), name]);
}

function args(argv) {
  const out = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a.startsWith('--')) out[a.slice(2)] = argv[i + 1]?.startsWith('--') ? 'true' : argv[++i];
  }
  return out;
}

/** The owner of generated projects: a customer who cannot log in (no usable password hash). */
async function generatorCustomer(client) {
  const found = await client.query(`select id from members where cardno = '99999999'`);
  if (found.rows[0]) return Number(found.rows[0].id);
  const res = await client.query(
    `insert into members (cardno, mobile, password_hash, cardtype, nickname, company)
     values ('99999999', '19999999999', '!generated', 'customer', '批量生成的参展商', '演示数据')
     on conflict (cardno) do update set nickname = excluded.nickname returning id`,
  );
  return Number(res.rows[0].id);
}

const INSERT = `
with g as (
  select i, random() as r1, random() as r2, random() as r3, random() as r4, random() as r5,
         random() as r6, random() as r7,
         -- creation times go back from yesterday evening, evenly, newest first
         $2::timestamptz - (i * $4::float8) * interval '1 second' as created
  from generate_series($3::bigint, $3::bigint + $5::bigint - 1) as i
), s as (
  select g.*,
    case when r1 < 0.80 then 1 when r1 < 0.84 then 2 when r1 < 0.87 then 3 when r1 < 0.90 then 4
         when r1 < 0.92 then 5 when r1 < 0.955 then 6 when r1 < 0.995 then 7 else 0 end::smallint as st,
    case when r2 < 0.5 then 1 when r2 < 0.7 then 2 when r2 < 0.8 then 3 when r2 < 0.9 then 4 else 5 end::smallint as grp,
    (3 + floor(r3 * 35) / 2)::numeric as w,
    (9 + 591 * r4 * r4)::float8 as target,
    to_char(created at time zone 'Asia/Shanghai', 'YYYYMMDD') as day
  from g
), d as (
  select s.*,
    least(greatest(round((target / w) * 2) / 2, 3), floor(600 / w * 2) / 2)::numeric as l
  from s
), n as (
  select d.*, round(l * w, 2) as area,
    row_number() over (partition by d.day order by i) + coalesce(os.seq, 0) as seq,
    -- open projects start 25..365 days ahead; the others anywhere within half a year of today
    case when st in (0, 1) then current_date + 25 + floor(r5 * 340)::int
         else current_date - 180 + floor(r5 * 360)::int end as sd,
    $6::text[][] as cities
  from d left join order_sequences os using (day)
), ins as (
  insert into projects (orders, customer_id, mobile, groupid, title, length, width, height, areas, opens,
    prepay, coins, peoples, conts, sdate, edate, biddl, prov, city, addr, dimian, beiban, jiedai,
    status, checked, checkdate, closed_by, reason, created_at, updated_at)
  select
    'P' || day || lpad(seq::text, 4, '0'),
    $1, '139' || lpad(floor(r6 * 100000000)::text, 8, '0'), grp,
    left(extract(year from sd)::int || ' ' || rtrim(cities[1 + floor(r7 * array_length(cities, 1))::int][2], '市')
      || ($7::text[])[1 + (i % array_length($7::text[], 1))] || ' · '
      || ($8::text[])[1 + ((i / 7) % array_length($8::text[], 1))] || ' '
      || (($9::jsonb -> grp::text) ->> ((i / 3) % jsonb_array_length($9::jsonb -> grp::text))::int), 100),
    l, w, (2.5 + floor(r6 * 12) / 2)::numeric, area, (1 + floor(r2 * 97)::int % 4)::smallint,
    (round(area * (800 + r3 * 1700) * 0.3) * 100)::bigint,
    case when area <= 36 then 5 when area <= 100 then 10 when area <= 300 then 20 else 30 end,
    case when st = 0 then 0 else floor(r4 * r5 * 16)::int end,
    '展会期间需现场跟进，搭建须符合场馆消防与用电规范。请报价时注明材料品牌与施工周期。',
    sd, sd + 2 + floor(r7 * 4)::int,
    ((sd - 3 - floor(r1 * 15)::int)::timestamp + time '18:00') at time zone 'Asia/Shanghai',
    cities[1 + floor(r7 * array_length(cities, 1))::int][1],
    cities[1 + floor(r7 * array_length(cities, 1))::int][2],
    '国际会展中心 ' || (1 + floor(r3 * 12)::int) || ' 号馆',
    jsonb_set(($10::jsonb) -> (i % 3)::int, '{0,qty}', to_jsonb(ceil(area)::int)),
    ($11::jsonb) -> (i % 3)::int, ($12::jsonb) -> ((i / 5) % 3)::int,
    st,
    case when st = 0 then 0 when st = 7 and r6 < 0.3 then 2 else 1 end::smallint,
    case when st = 0 then null else created + interval '3 hours' end,
    case when st <> 7 then '' when r6 < 0.3 then 'rejected' when r6 < 0.5 then 'cancelled' else 'expired' end,
    case when st = 7 and r6 < 0.3 then '项目信息不完整，请补充需求清单' else '' end,
    created, created
  from n
  returning 1
)
insert into order_sequences (day, seq)
select day, max(seq) from n group by day
on conflict (day) do update set seq = greatest(order_sequences.seq, excluded.seq)`;

/**
 * Inserts `count` projects through `client` (anything with pg's `query(text, params)`: a pg
 * Client/Pool or PGlite). Answers the number inserted.
 */
export async function generateProjects(client, { count, batch = 50_000, log = () => {} }) {
  const customerId = await generatorCustomer(client);
  const all = cityPairs();
  // 70% in the big venue cities: the list repeats them to weight the uniform pick
  const weighted = [];
  for (let k = 0; k < Math.ceil((all.length * 0.7) / 0.3 / BIG_CITIES.length); k++)
    weighted.push(...BIG_CITIES);
  weighted.push(...all);
  // Creation times: evenly over the last max(180, N/5000) days, newest yesterday evening, older
  // than anything generated before (so order numbers and keyset order stay unique and plausible).
  const spanDays = Math.max(180, Math.ceil(count / 5000));
  const step = (spanDays * 86400) / Math.max(count, 1);
  const prior = await client.query(`select min(created_at) as m from projects`);
  const yesterday = new Date(Date.now() - 86400_000);
  yesterday.setUTCHours(12, 0, 0, 0); // 20:00 in Shanghai
  const start = prior.rows[0]?.m
    ? new Date(Math.min(new Date(prior.rows[0].m) - 1000, yesterday))
    : yesterday;
  let done = 0;
  while (done < count) {
    const n = Math.min(batch, count - done);
    await client.query(INSERT, [
      customerId,
      start.toISOString(),
      done,
      step,
      n,
      weighted,
      EXPOS,
      COMPANIES,
      JSON.stringify(KINDS),
      JSON.stringify(DIMIAN),
      JSON.stringify(BEIBAN),
      JSON.stringify(JIEDAI),
    ]);
    done += n;
    log(done);
  }
  return done;
}

async function main() {
  const a = args(process.argv.slice(2));
  const count = Number(a.count ?? 1000);
  if (!Number.isInteger(count) || count < 1) throw new Error('--count 必须是正整数');
  const t0 = Date.now();
  const progress = (done) =>
    process.stdout.write(`\r已生成 ${done} / ${count} 个项目（${((Date.now() - t0) / 1000).toFixed(1)} 秒）`);
  let client;
  let close;
  if (a['pglite-dir']) {
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    client = await PGlite.create(a['pglite-dir'], { extensions: { pg_trgm } });
    close = () => client.close();
  } else {
    const url = a['database-url'] ?? process.env.DATABASE_URL;
    if (!url)
      throw new Error(
        '请用 --database-url 或 DATABASE_URL 指定 PostgreSQL，或用 --pglite-dir 指定 PGlite 目录',
      );
    const pg = (await import('pg')).default;
    client = new pg.Client({ connectionString: url });
    await client.connect();
    close = () => client.end();
  }
  try {
    await generateProjects(client, { count, batch: a['pglite-dir'] ? 5_000 : 50_000, log: progress });
    await client.query('analyze projects');
    const total = await client.query('select count(*)::int as n from projects');
    console.log(
      `\n完成：用时 ${((Date.now() - t0) / 1000).toFixed(1)} 秒，projects 共 ${total.rows[0].n} 行`,
    );
  } finally {
    await close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err) => {
    console.error(`\n生成失败：${err.message}`);
    process.exit(1);
  });
}
