import { useId } from 'react';
import { fieldClass, FieldError } from '#app/ui/primitives/text-field.tsx';
import {
  EDUCATION_ROLES,
  ROLE_LABELS,
  USER_LEVELS,
  type EducationRole,
  type UserLevel,
} from '#app/platform/education.ts';
import { PROFILES, type Profile } from '#app/platform/profiles.ts';
import { EMAIL_PREFERENCE_ACCEPTED, NO_PROFILE_VALUE } from '#app/modules/accounts/schemas/account.ts';
import { PROFILE_NAMES, userLevelLabel } from '#app/modules/accounts/ui/labels.ts';
import { type Answer, checkClass, ChoiceForm, choiceClass, choiceId, Choices, fieldErrorsOf } from './form-parts.tsx';

/** Spec §3 User emailPreference: 'accepted' means subscribed to the newsletter. */
export function NewsletterForm({ accepted, answer }: { accepted: boolean; answer: Answer }) {
  const id = useId();
  return (
    <ChoiceForm intent="newsletter" answer={answer} submitLabel="Voorkeur opslaan">
      <div className="flex items-start gap-3">
        <input
          key={String(accepted)}
          id={id}
          type="checkbox"
          name="emailPreference"
          value={EMAIL_PREFERENCE_ACCEPTED}
          defaultChecked={accepted}
          className={`${checkClass} mt-0.5`}
        />
        <label htmlFor={id}>Ja, stuur mij de nieuwsbrief</label>
      </div>
    </ChoiceForm>
  );
}

/** The year of the final exams, or not known yet. */
export function ExamYearForm({
  examYear,
  years,
  answer,
}: {
  examYear: number | null;
  years: number[];
  answer: Answer;
}) {
  const id = choiceId('examYear');
  const errors = fieldErrorsOf(answer, 'exam-year', 'examYear');
  return (
    <ChoiceForm intent="exam-year" answer={answer} submitLabel="Examenjaar opslaan">
      <div>
        <label htmlFor={id} className="text-lg font-bold">
          Examenjaar
        </label>
        <select
          key={String(examYear)}
          id={id}
          name="examYear"
          defaultValue={examYear ?? ''}
          aria-invalid={errors ? true : undefined}
          aria-describedby={errors ? `${id}-error` : undefined}
          className={`${fieldClass} sm:max-w-xs`}
        >
          <option value="">Weet ik nog niet</option>
          {years.map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-error`} errors={errors} />
      </div>
    </ChoiceForm>
  );
}

/** The user's school levels (the onboarding's choice). */
export function LevelsForm({ levels, answer }: { levels: readonly UserLevel[]; answer: Answer }) {
  const key = levels.join(',');
  return (
    <ChoiceForm intent="levels" answer={answer} submitLabel="Niveaus opslaan">
      <Choices
        name="levels"
        legend="Niveau"
        hint="Kies er een of meer. Je niveau bepaalt welke vakken en boeken we je laten zien."
        errors={fieldErrorsOf(answer, 'levels', 'levels')}
      >
        {USER_LEVELS.map((level) => (
          <label key={`${key}-${level}`} className={choiceClass}>
            <input
              type="checkbox"
              name="levels"
              value={level}
              defaultChecked={levels.includes(level)}
              className={checkClass}
            />
            {userLevelLabel(level)}
          </label>
        ))}
      </Choices>
    </ChoiceForm>
  );
}

/** Pupil or teacher (spec §3, §6). */
export function RoleForm({ role, answer }: { role: EducationRole; answer: Answer }) {
  return (
    <ChoiceForm intent="role" answer={answer} submitLabel="Opslaan">
      <Choices
        name="educationRole"
        legend="Ik ben leerling of docent"
        errors={fieldErrorsOf(answer, 'role', 'educationRole')}
      >
        {EDUCATION_ROLES.map((value) => (
          <label key={`${role}-${value}`} className={choiceClass}>
            <input
              type="radio"
              name="educationRole"
              value={value}
              defaultChecked={role === value}
              required
              className={checkClass}
            />
            {ROLE_LABELS[value]}
          </label>
        ))}
      </Choices>
    </ChoiceForm>
  );
}

/** The havo/vwo profile; it decides which subjects are required. */
export function ProfileForm({ profile, answer }: { profile: Profile | null; answer: Answer }) {
  const current = profile ?? NO_PROFILE_VALUE;
  const options = [...PROFILES, NO_PROFILE_VALUE] as const;
  return (
    <ChoiceForm intent="profile" answer={answer} submitLabel="Profiel opslaan">
      <Choices
        name="profile"
        legend="Profiel"
        hint="Alleen voor havo en vwo. Je profiel bepaalt welke vakken verplicht zijn."
        errors={fieldErrorsOf(answer, 'profile', 'profile')}
      >
        {options.map((value) => (
          <label key={`${current}-${value}`} className={choiceClass}>
            <input
              type="radio"
              name="profile"
              value={value}
              defaultChecked={current === value}
              required
              className={checkClass}
            />
            {value === NO_PROFILE_VALUE ? 'Geen profiel' : PROFILE_NAMES[value]}
          </label>
        ))}
      </Choices>
    </ChoiceForm>
  );
}
