import { subjectIdField } from '#app/modules/catalog/index.ts';
import { z } from '#app/platform/schemas/z.ts';

/** The `intent` of the area home's form that starts a free trial (issue 34). */
export const TRIAL_INTENT = 'trial';

/** The area home's trial form: the subject whose free trial starts. */
export const trialFormSchema = z.object({
  intent: z.literal(TRIAL_INTENT),
  subjectId: subjectIdField(),
});
