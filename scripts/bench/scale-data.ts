/**
 * The data `npm run bench:scale` grows the site with, written straight into its database (PGlite
 * or PostgreSQL) while the server is stopped: the API would spend most of the run on validation,
 * rate limits and audit rows of its own, and measures nothing the benchmark is about.
 *
 * - Posts: Markdown of 3–8 KB (headings, paragraphs with links and emphasis, lists, code blocks),
 *   1–4 of 50 tags each, dated over the past years, about 3 % drafts; built here from a seeded
 *   random generator (the same posts every run) and inserted 100 to a statement.
 * - Contact messages, one mail-log row per message sent, and audit rows: made by the database
 *   itself with generate_series, all younger than the shortest retention period (150 days against
 *   180 and 365), so that the retention run at start erases none of them.
 */
import { slugify } from '../../packages/shared/src/slug';

/** A database the seeding writes to: PGlite and pg's Client both answer `query(text, params)`. */
export interface Sql {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

export const WORDS = (
  'server cache query index latency throughput backup restore deploy release container cluster ' +
  'network security audit privacy contact mailbox provider vacancy career developer engineer team ' +
  'project customer support migration schema table column transaction replication monitoring ' +
  'metrics logging alert incident review design frontend backend browser render bundle module ' +
  'package test coverage pipeline build branch merge commit version update upgrade performance ' +
  'memory storage disk volume snapshot encryption certificate token session password account'
).split(' ');

/** 50 distinct tags; the first ones are the most used (a tag page's size varies as on a real blog). */
export const TAGS = [
  'java',
  'kotlin',
  'typescript',
  'javascript',
  'react',
  'node',
  'postgresql',
  'docker',
  'kubernetes',
  'devops',
  'security',
  'testing',
  'architecture',
  'cloud',
  'aws',
  'azure',
  'linux',
  'networking',
  'databases',
  'performance',
  'frontend',
  'backend',
  'api',
  'microservices',
  'spring',
  'quarkus',
  'python',
  'go',
  'rust',
  'career',
  'recruitment',
  'events',
  'conference',
  'training',
  'agile',
  'scrum',
  'ux',
  'accessibility',
  'observability',
  'ci-cd',
  'git',
  'open-source',
  'ai',
  'data',
  'analytics',
  'mobile',
  'android',
  'ios',
  'company-news',
  'team',
];

/** mulberry32: small, fast and seeded, so that every run writes the same posts. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rand = () => number;
const pick = <T>(rand: Rand, xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
const words = (rand: Rand, n: number) => Array.from({ length: n }, () => pick(rand, WORDS)).join(' ');
const sentence = (rand: Rand) => {
  const s = words(rand, 8 + Math.floor(rand() * 12));
  return `${s[0]!.toUpperCase()}${s.slice(1)}.`;
};

function paragraph(rand: Rand) {
  const parts = Array.from({ length: 3 + Math.floor(rand() * 4) }, () => sentence(rand));
  const at = Math.floor(rand() * parts.length);
  const w = pick(rand, WORDS);
  // A link and some emphasis, as posts have them.
  parts[at] = `${parts[at]} Read more about [${w}](https://example.com/${w}) or **${pick(rand, WORDS)}**.`;
  return parts.join(' ');
}

function codeBlock(rand: Rand) {
  const name = pick(rand, WORDS);
  return [
    '```ts',
    `export async function ${name}(input: string): Promise<number> {`,
    `  const ${pick(rand, WORDS)} = await fetch(\`/api/${name}?q=\${input}\`);`,
    `  // ${sentence(rand)}`,
    `  return ${Math.floor(rand() * 1000)};`,
    '}',
    '```',
  ].join('\n');
}

/** One post's Markdown, `3–8 KB` long. */
function markdown(rand: Rand): string {
  const target = 3000 + Math.floor(rand() * 5000);
  const blocks = [paragraph(rand)];
  let length = blocks[0]!.length;
  while (length < target) {
    const kind = rand();
    const block =
      kind < 0.2
        ? `## ${sentence(rand).slice(0, -1)}`
        : kind < 0.35
          ? Array.from({ length: 3 + Math.floor(rand() * 4) }, () => `- ${sentence(rand)}`).join('\n')
          : kind < 0.45
            ? codeBlock(rand)
            : paragraph(rand);
    blocks.push(block);
    length += block.length + 2;
  }
  return blocks.join('\n\n');
}

export interface GeneratedPost {
  name: string;
  content: string;
  tags: string[];
  draft: boolean;
}

/** Post number `n` (1-based), the same every run. */
export function generatePost(n: number): GeneratedPost {
  const rand = random(n * 7919);
  const name = `${sentence(rand).slice(0, -1)} ${n}`.slice(0, 120);
  const count = 1 + Math.floor(rand() * 4);
  const tags = new Set<string>();
  // Squared: the first tags are picked more often than the last.
  while (tags.size < count) tags.add(TAGS[Math.floor(rand() ** 2 * TAGS.length)]!);
  return { name, content: markdown(rand), tags: [...tags], draft: rand() < 0.03 };
}

/** How far back the generated rows go: under every retention period (messages 180 days, audit 365). */
const SPAN_SECONDS = 150 * 86_400;
const BATCH = 100;

/** Adds posts numbered `from`..`to` (1-based), post n dated n × 6 hours ago (10,000 posts: seven years). */
export async function addPosts(db: Sql, from: number, to: number, author: string): Promise<void> {
  for (let start = from; start <= to; start += BATCH) {
    const rows: unknown[] = [];
    const values: string[] = [];
    for (let n = start; n <= Math.min(to, start + BATCH - 1); n++) {
      const p = generatePost(n);
      const at = new Date(Date.now() - n * 6 * 3_600_000).toISOString();
      const i = rows.length;
      values.push(
        `($${i + 1}, $${i + 2}, $${i + 3}::timestamptz, $${i + 4}, $${i + 5}::text[], $${i + 6}, $${i + 3}::timestamptz, $${i + 3}::timestamptz, $${i + 7})`,
      );
      rows.push(p.name, author, at, p.content, p.tags, p.draft ? 'draft' : 'published', slugify(p.name));
    }
    await db.query(
      `insert into posts (name, posted_by, date, content, tags, status, publish_at, updated_at, slug) values ${values.join(', ')}`,
      rows,
    );
  }
}

export interface RowCounts {
  messages: number;
  mailLogs: number;
  audit: number;
}

/**
 * `count` contact messages (about 98 % sent, the rest failed or pending), a mail-log row for each
 * one sent, and `count` audit rows by the admin `adminId`/`adminEmail`; all spread over 150 days.
 */
export async function addMessagesAndLogs(
  db: Sql,
  count: number,
  adminId: number,
  adminEmail: string,
): Promise<RowCounts> {
  const step = SPAN_SECONDS / count;
  await db.query(
    `insert into contact_messages
       (full_name, email, phone_number, message, status, attempts, next_attempt_at, last_error, message_id, created_at, sent_at, kind)
     select 'Visitor ' || g, 'visitor' || g || '@example.com', '+32 3 123 45 ' || lpad((g % 100)::text, 2, '0'),
            repeat('I would like to know more about your services and the vacancy I saw. ', 1 + g % 8),
            (case when g % 61 = 0 then 'failed' when g % 97 = 0 then 'pending' else 'sent' end)::message_status,
            case when g % 97 = 0 then 0 when g % 61 = 0 then 8 else 1 end,
            at, case when g % 61 = 0 then 'Connection refused' end,
            '<bench-' || g || '@redwall.example>', at,
            case when g % 61 <> 0 and g % 97 <> 0 then at + interval '2 seconds' end, 'contact'
       from generate_series(1, $1::int) g, lateral (select now() - make_interval(secs => g * $2::float8) as at) t`,
    [count, step],
  );
  await db.query(
    `insert into mail_logs (message_id, sender_full_name, sender_email, sent_timestamp, sent_to_mailbox, recipients)
     select id, full_name, email, sent_at, 'info@redwall.example', 'info@redwall.example, hr@redwall.example'
       from contact_messages where status = 'sent' and message_id like '<bench-%'`,
  );
  await db.query(
    `insert into audit_log (at, user_id, email, address, area, action, record_id, changes)
     select now() - make_interval(secs => g * $2::float8), $3::int, $4::text,
            '10.' || (g % 250) || '.' || (g % 199) || '.' || (1 + g % 253),
            (array['posts', 'session', 'messages', 'vacancies', 'settings'])[1 + g % 5],
            (array['update', 'sign-in', 'send-now', 'update', 'update'])[1 + g % 5],
            (g % 5000)::text,
            case when g % 5 = 1 then null
                 else jsonb_build_object('name', jsonb_build_object('from', 'Title ' || g, 'to', 'Title ' || g || ' (edited)')) end
       from generate_series(1, $1::int) g`,
    [count, step, adminId, adminEmail],
  );
  const [row] = (
    await db.query(
      `select (select count(*) from contact_messages)::int as messages, (select count(*) from mail_logs)::int as "mailLogs",
              (select count(*) from audit_log)::int as audit`,
    )
  ).rows as RowCounts[];
  return row!;
}
