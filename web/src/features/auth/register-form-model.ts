import { isStorableText } from '@ledger/contracts';
import { z } from 'zod';

/** The consents sign-up asks for: the settings' default required consents. */
export const registrationConsents = ['terms_of_service', 'privacy_policy'] as const;
export type RegistrationConsent = (typeof registrationConsents)[number];

export const registrationFields = [
  'user_id',
  'user_name',
  'email_address',
  'password',
  'password_confirm',
  'recommender',
] as const;
export type RegistrationField = (typeof registrationFields)[number];
export type RegistrationValues = Record<RegistrationField, string> & {
  consents: RegistrationConsent[];
};

/** Which message a field gets; the keys are i18n keys of the auth namespace. */
export const registrationErrorKeys = {
  required: 'register.errors.required',
  email: 'register.errors.email',
  mismatch: 'register.errors.mismatch',
  consents: 'register.errors.consents',
  text: 'register.errors.text',
} as const;
export type RegistrationError = keyof typeof registrationErrorKeys;

const RegistrationFormSchema = z
  .object({
    user_id: z.string().trim().min(1, 'required'),
    user_name: z.string().trim().min(1, 'required'),
    email_address: z.string().trim().min(1, 'required').pipe(z.email('email')),
    password: z.string().min(1, 'required'),
    password_confirm: z.string(),
    recommender: z.string(),
    consents: z
      .array(z.string())
      .refine(
        (given) => registrationConsents.every((consent) => given.includes(consent)),
        'consents',
      ),
  })
  .refine((values) => values.password === values.password_confirm, {
    path: ['password_confirm'],
    message: 'mismatch',
  });

/** The form's problems, one per field (the first found), or none. */
export function registrationProblems(
  values: RegistrationValues,
): Partial<Record<RegistrationField | 'consents', RegistrationError>> {
  const problems: Partial<Record<RegistrationField | 'consents', RegistrationError>> = {};
  // The contracts' text rule: a NUL character or an unpaired surrogate is refused (text_invalid).
  for (const field of registrationFields) {
    if (!isStorableText(values[field])) problems[field] = 'text';
  }
  const parsed = RegistrationFormSchema.safeParse(values);
  if (parsed.success) return problems;
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as RegistrationField | 'consents';
    const message =
      issue.message in registrationErrorKeys ? (issue.message as RegistrationError) : 'required';
    problems[field] ??= message;
  }
  return problems;
}

/** The POST /member body (contracts `RegisterMemberRequestSchema`). */
export function registrationRequest(values: RegistrationValues) {
  const recommender = values.recommender.trim();
  return {
    user_id: values.user_id.trim(),
    password: values.password,
    email_address: values.email_address.trim(),
    user_name: values.user_name.trim(),
    consents: [...values.consents],
    ...(recommender === '' ? {} : { recommender }),
  };
}
