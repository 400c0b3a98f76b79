import { TEAM_IMAGE, TEAM_IMAGE_TEXTS, teamImageTypeOf } from '@segue/shared';
import { NotFoundError, ValidationError } from '../lib/errors.ts';
import type { TeamActor } from '../policy/actor.ts';
import { authorize } from '../policy/policy.ts';
import type { StoredTeamImage, TeamImagesRepository } from './team-image.repository.ts';

/**
 * A team's image, for the projector's Logo screen (docs/DECISIONS.md, "The projector from
 * the live view"): admins set and remove it, every member reads it.
 */
export class TeamImagesService {
  constructor(private readonly repo: TeamImagesRepository) {}

  async get(actor: TeamActor): Promise<StoredTeamImage> {
    authorize(actor, 'viewTeam');
    const image = await this.repo.get(actor.team.id);
    if (!image) throw new NotFoundError(TEAM_IMAGE_TEXTS.none);
    return image;
  }

  /** Stores the bytes as the team's image when they are a PNG, JPEG or WebP of at most 2 MB. */
  async put(actor: TeamActor, bytes: Buffer): Promise<{ mediaType: string }> {
    authorize(actor, 'editTeam');
    if (bytes.length > TEAM_IMAGE.maxBytes) throw new ValidationError(TEAM_IMAGE_TEXTS.tooLarge);
    const mediaType = teamImageTypeOf(bytes);
    if (!mediaType) throw new ValidationError(TEAM_IMAGE_TEXTS.wrongType);
    await this.repo.put(actor.team.id, mediaType, bytes);
    return { mediaType };
  }

  async remove(actor: TeamActor): Promise<void> {
    authorize(actor, 'editTeam');
    await this.repo.remove(actor.team.id);
  }
}
