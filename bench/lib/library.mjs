// Song library: importing 2,000 songs and searching 10,000, through Segue's API and,
// as the baseline, straight in SQL with `pg` on the same database and tables.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { api } from './http.mjs';
import { createTeam } from './setup.mjs';
import { makeSongs, SEARCH_TERMS } from './songs.mjs';
import { median, round } from './stats.mjs';

const IMPORT_SIZE = 2000;
const IMPORT_ROUNDS = 3;
const LIBRARY_SIZE = 10_000;

const elapsedMs = (start) => Number(process.hrtime.bigint() - start) / 1e6;

/**
 * The baseline import: the same rows in one transaction, 500 rows a statement.
 * @param {pg.Pool} pool
 */
async function sqlImport(pool, teamId, userId, songs) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const now = new Date();
    for (let i = 0; i < songs.length; i += 500) {
      const chunk = songs.slice(i, i + 500);
      const params = [];
      const rows = chunk.map((s, j) => {
        params.push(
          randomUUID(),
          teamId,
          s.title.trim(),
          s.artist.trim(),
          JSON.stringify(s.parts),
          userId,
          now,
          now,
        );
        const b = j * 8;
        return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}::jsonb, $${b + 6}, $${b + 7}, $${b + 8})`;
      });
      await client.query(
        `INSERT INTO song (id, team_id, title, artist, parts, created_by, created_at, updated_at) VALUES ${rows.join(', ')}`,
        params,
      );
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** The baseline search: one statement, the page and the total together. */
const SEARCH_SQL = `SELECT id, team_id, title, artist, created_at, updated_at, count(*) OVER () AS total
  FROM song
  WHERE team_id = $1 AND (title ILIKE $2 OR artist ILIKE $2)
  ORDER BY lower(title)
  LIMIT 25`;

/**
 * @param {{ segue: import('./servers.mjs').RunningServer, organizer: import('./setup.mjs').Account, databaseUrl: string }} context
 */
export async function measureLibrary({ segue, organizer, databaseUrl }) {
  const token = organizer.jwt;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  try {
    // Import: fresh teams each round, Segue and SQL taking turns so drift hits both.
    const importMs = { segue: [], baseline: [] };
    for (let round_ = 0; round_ < IMPORT_ROUNDS; round_++) {
      const songs = makeSongs(IMPORT_SIZE, { tag: `i${round_}-` });
      const segueTeam = await createTeam(segue, organizer, `Import bench ${round_}`);
      let start = process.hrtime.bigint();
      const answer = await api(segue.url, 'POST', '/api/songs/import', {
        token,
        teamId: segueTeam,
        body: { songs },
      });
      importMs.segue.push(elapsedMs(start));
      if (answer.imported !== IMPORT_SIZE)
        throw new Error(`import took ${answer.imported} of ${IMPORT_SIZE} songs`);

      const sqlTeam = await createTeam(segue, organizer, `Import bench SQL ${round_}`);
      start = process.hrtime.bigint();
      await sqlImport(pool, sqlTeam, organizer.userId, songs);
      importMs.baseline.push(elapsedMs(start));
    }

    // Search: a 10,000-song library (five imports), then the same 20 terms both ways.
    const teamId = await createTeam(segue, organizer, 'Search bench');
    for (let from = 0; from < LIBRARY_SIZE; from += IMPORT_SIZE) {
      await api(segue.url, 'POST', '/api/songs/import', {
        token,
        teamId,
        body: { songs: makeSongs(IMPORT_SIZE, { from }) },
      });
    }
    const headers = { authorization: `Bearer ${token}`, 'x-team-id': teamId };
    const segueSearch = async (term) => {
      const res = await fetch(
        `${segue.url}/api/songs?q=${encodeURIComponent(term)}&fields=summary&limit=25`,
        { headers },
      );
      const rows = await res.json();
      if (!res.ok)
        throw new Error(`search answered ${res.status}: ${JSON.stringify(rows).slice(0, 200)}`);
      return { rows: rows.length, total: Number(res.headers.get('x-total-count')) };
    };
    const sqlSearch = async (term) => {
      const { rows } = await pool.query(SEARCH_SQL, [teamId, `%${term}%`]);
      return { rows: rows.length, total: Number(rows[0]?.total ?? 0) };
    };
    for (const term of ['warm', 'up', 'a']) {
      await segueSearch(term);
      await sqlSearch(term);
    }
    const searchMs = { segue: [], baseline: [] };
    const matches = {};
    for (const term of SEARCH_TERMS) {
      let start = process.hrtime.bigint();
      const s = await segueSearch(term);
      searchMs.segue.push(elapsedMs(start));
      start = process.hrtime.bigint();
      const b = await sqlSearch(term);
      searchMs.baseline.push(elapsedMs(start));
      matches[term] = { segue: s.total, sql: b.total };
    }

    const r = (list) => list.map((v) => round(v, 2));
    return {
      values: {
        'library.import': { segue: median(importMs.segue), baseline: median(importMs.baseline) },
        'library.search': { segue: median(searchMs.segue), baseline: median(searchMs.baseline) },
      },
      details: {
        import: {
          songs: IMPORT_SIZE,
          rounds: IMPORT_ROUNDS,
          segueMs: r(importMs.segue),
          sqlMs: r(importMs.baseline),
          sql: 'one transaction, INSERT of 500 rows a statement',
        },
        search: {
          librarySongs: LIBRARY_SIZE,
          terms: SEARCH_TERMS,
          segueMs: r(searchMs.segue),
          sqlMs: r(searchMs.baseline),
          matches,
          sql: SEARCH_SQL.replace(/\s+/g, ' '),
        },
      },
    };
  } finally {
    await pool.end();
  }
}
