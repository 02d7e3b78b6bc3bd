import { z } from 'zod';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const loginSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Indiquez votre adresse email.')
    .max(254, 'Cette adresse email est trop longue.')
    .email('Cette adresse email n’est pas valide.'),
  password: z.string().min(1, 'Indiquez votre mot de passe.').max(PASSWORD_MAX, 'Email ou mot de passe incorrect.'),
});

/** Never says whether the email exists. */
export const LOGIN_FAILED = 'Email ou mot de passe incorrect.';
