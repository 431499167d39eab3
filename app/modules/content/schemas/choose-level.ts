import { z } from '#app/platform/schemas/z.ts';
import { LEVEL_ORDER } from '#app/platform/levels.ts';
import { CHOOSE_LEVEL_MESSAGE } from '#app/modules/content/domain/messages.ts';

/**
 * "Kies je niveau" on the home page (app/modules/content/ui/level-chooser.tsx):
 * its buttons submit one of the five levels; the home action parses with this.
 */
export const chooseLevelSchema = z.object({
  intent: z.literal('choose-level'),
  level: z.enum(LEVEL_ORDER, { error: CHOOSE_LEVEL_MESSAGE }),
});

export type ChooseLevel = z.infer<typeof chooseLevelSchema>;
