import type { CcliLicence, CcliReport, CcliReportQuery } from '@segue/shared';
import type { TeamActor } from '../policy/actor.ts';
import { authorize } from '../policy/policy.ts';
import type { SetlistsRepository } from '../setlists/setlists.repository.ts';
import type { SongsRepository } from '../songs/songs.repository.ts';
import { ccliReportCsv, ccliReportFilename } from './ccli-csv.ts';
import type { CcliRepository } from './ccli.repository.ts';

/**
 * CCLI reporting (docs/DECISIONS.md, "CCLI usage report"): the team's licence number (members
 * read it, admins set it) and the usage report of a period (admins), as JSON or as a CSV file.
 */
export class CcliService {
  constructor(
    private readonly repo: CcliRepository,
    /** The report counts the setlists of the period and the songs they hold. */
    private readonly deps: { songs: SongsRepository; setlists: SetlistsRepository },
  ) {}

  async licence(actor: TeamActor): Promise<CcliLicence> {
    authorize(actor, 'viewTeam');
    return { ccliLicence: await this.repo.licence(actor.team.id) };
  }

  /** `ccliLicence` as the shared schema leaves it: trimmed, checked, empty made null. */
  async setLicence(actor: TeamActor, ccliLicence: string | null): Promise<CcliLicence> {
    authorize(actor, 'editTeam');
    return { ccliLicence: await this.repo.setLicence(actor.team.id, ccliLicence) };
  }

  /** The period is the shared query schema's: real days, from ≤ to, at most 366 days. */
  async report(actor: TeamActor, { from, to }: CcliReportQuery): Promise<CcliReport> {
    authorize(actor, 'readUsageReport');
    const teamId = actor.team.id;
    const [licence, rows, setlists] = await Promise.all([
      this.repo.licence(teamId),
      this.deps.songs.withUses(teamId, this.deps.setlists.songUsesBetween(teamId, from, to)),
      this.deps.setlists.countBetween(teamId, from, to),
    ]);
    return { licence, from, to, rows, setlists };
  }

  /** The report as a CSV file and its download name. */
  async reportCsv(
    actor: TeamActor,
    period: CcliReportQuery,
  ): Promise<{ csv: string; filename: string }> {
    const report = await this.report(actor, period);
    return { csv: ccliReportCsv(report), filename: ccliReportFilename(report) };
  }
}
