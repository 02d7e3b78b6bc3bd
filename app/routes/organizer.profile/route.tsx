import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import {
  changePassword,
  deleteAccount,
  endOtherSessions,
  openSessions,
  resendVerification,
  updateProfile,
} from '~/.server/accounts/accounts';
import { profileAlerts } from '~/.server/alerts/profile';
import { guardPost } from '~/.server/platform/guard';
import { invalid, type ParsedForm, readForm, refused } from '~/.server/platform/refusal';
import { keepRetryAfter } from '~/.server/platform/security';
import { getCurrentSession, requireUser, signIn, signOutWith } from '~/.server/platform/session';
import { UseCaseError } from '~/.server/platform/use-case-error';
import { ProfileAlerts } from '~/components/alerts/ProfileAlerts';
import { FormSecurity } from '~/components/FormSecurity';
import { TextField } from '~/components/form/Field';
import { PushSettings } from '~/components/PushSettings';
import { SupporterBadge } from '~/components/SupporterBadge';
import { changePasswordSchema, deleteAccountSchema, profileSchema } from '~/domain/auth';
import profileShape from '~/domain/auth?schema=profileSchema&form-shape';
import { pageMeta } from '~/domain/meta';
import { z } from '~/domain/zod';
import { DeleteSection } from './DeleteSection';
import { PasswordSection } from './PasswordSection';
import { AnswerNotice, type Intent, type ProfileAnswer, ProfileCard, ProfileForm } from './ProfileCard';
import { SessionsSection } from './SessionsSection';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context.services);
  const current = await getCurrentSession(request, context.services);
  const sessions = await openSessions(context.services, user);
  return {
    user: {
      displayName: user.displayName,
      email: user.email,
      emailVerified: user.emailVerified,
      role: user.role,
      createdAt: user.createdAt,
      supported: user.supported,
    },
    alerts: await profileAlerts(context.services, user),
    sessions: sessions.map((s) => ({
      current: s.id === current?.sessionId,
      userAgent: describeDevice(s.userAgent),
      lastSeenAt: s.lastSeenAt,
      createdAt: s.createdAt,
      key: s.createdAt + s.userAgent.slice(0, 20),
    })),
  };
}

/** 'Chrome sur Linux' from a user agent, enough to recognise one's devices. */
function describeDevice(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'Navigateur';
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : 'système inconnu';
  return `${browser} sur ${system}`;
}

/** Passwords are never sent back to the browser. */
const hideFields = ['currentPassword', 'newPassword', 'confirmation', 'deletePassword'];
/** The cards whose form is a button alone (resend the mail, end the other sessions). */
const buttonOnly = z.object({});

export async function action({ request, context }: ActionFunctionArgs) {
  // Every intent is checked on the server: session (docs/specification.md §5 messages when missing), CSRF, Origin, rate.
  const formData = await guardPost(request, context, { audience: 'signed-in', rate: { bucket: 'auth' } });
  // The card the form belongs to: its answer is shown there only.
  const card = String(formData.get('intent') ?? '') as Intent;
  const current = await getCurrentSession(request, context.services);
  const user = current?.user ?? null;
  const done = (message: string) => ({ ok: true as const, card, message });
  const extra = { card, message: '' };
  let submission: ParsedForm = readForm(formData, buttonOnly);
  try {
    switch (card) {
      case 'profile': {
        const form = readForm(formData, profileSchema);
        if (form.status !== 'success') return invalid(form, { extra });
        try {
          await updateProfile(context.services, user, form.value);
        } catch (error) {
          // A refused name keeps what was typed beside its message.
          return refused(form, error, { extra });
        }
        return done('Profil enregistré.');
      }
      case 'password': {
        const form = readForm(formData, changePasswordSchema);
        if (form.status !== 'success') return invalid(form, { hideFields, extra });
        submission = form;
        const signedIn = await changePassword(
          context.services,
          { user, sessionId: current?.sessionId ?? null },
          form.value,
        );
        const message = 'Mot de passe modifié. Vos autres appareils ont été déconnectés.';
        // Firebase ended every session, this one too: this browser gets a new one.
        if (signedIn) {
          return data(done(message), {
            headers: await signIn(request, context.services, signedIn.uid, signedIn.idToken),
          });
        }
        return done(message);
      }
      case 'resend':
        await resendVerification(context.services, user);
        return done('Un nouvel email de vérification vient de partir.');
      case 'sessions':
        await endOtherSessions(context.services, user, current?.sessionId ?? null);
        return done('Vos autres appareils ont été déconnectés.');
      case 'delete': {
        const form = readForm(formData, deleteAccountSchema);
        if (form.status !== 'success') return invalid(form, { hideFields, extra });
        submission = form;
        await deleteAccount(context.services, user, form.value.deletePassword);
        const message = 'Votre compte a été supprimé. Vos événements restent publiés, sans votre nom.';
        return signOutWith(request, context.services, { kind: 'info', message }, '/');
      }
      default:
        throw new UseCaseError('Action inconnue.');
    }
  } catch (error) {
    return refused(submission, error, { hideFields, extra });
  }
}

export const headers = keepRetryAfter;

export default function OrganizerProfilePage() {
  const { user, sessions, alerts } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const answerTo = (card: Intent): ProfileAnswer | undefined => (result?.card === card ? result : undefined);

  return (
    <div className="page page--narrow profile">
      <header className="page-header">
        <h1>Mon profil</h1>
        <p className="lead">
          {user.email} · {user.role === 'admin' ? 'administrateur·rice' : 'organisateur·rice'}
        </p>
        {user.supported ? <SupporterBadge /> : null}
      </header>

      <ProfileCard name="name" title="Votre nom">
        <AnswerNotice answer={answerTo('profile')} />
        <ProfileForm
          intent="profile"
          shape={profileShape}
          check={() => import('~/domain/auth').then((m) => ({ schema: m.profileSchema }))}
          answer={answerTo('profile')}
          defaultValue={{ displayName: user.displayName }}
          submitLabel="Enregistrer"
        >
          {(fields) => <TextField meta={fields.displayName} label="Nom affiché" />}
        </ProfileForm>
      </ProfileCard>

      <ProfileCard name="email" title="Adresse email">
        <AnswerNotice answer={answerTo('resend')} refusal />
        {user.emailVerified ? (
          <p>Votre adresse {user.email} est vérifiée.</p>
        ) : (
          <>
            <p className="notice notice--warning">Votre adresse {user.email} n’est pas encore vérifiée.</p>
            <Form method="post">
              <FormSecurity honeypot={false} />
              <input type="hidden" name="intent" value="resend" />
              <button type="submit" className="button" disabled={busy}>
                Renvoyer l’email de vérification
              </button>
            </Form>
          </>
        )}
      </ProfileCard>

      <PasswordSection answer={answerTo('password')} />

      {user.role === 'admin' ? <PushSettings /> : null}

      <ProfileAlerts alerts={alerts} />

      <SessionsSection
        busy={busy}
        sessions={sessions}
        message={<AnswerNotice answer={answerTo('sessions')} refusal />}
      />

      <DeleteSection answer={answerTo('delete')} />
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({ title: 'Mon profil', description: 'Votre compte Agenda romand.', path: '/organizer/profile', matches });
