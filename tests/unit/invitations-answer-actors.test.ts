import { describe, expect, it, vi } from 'vitest';
import type { AuthResponse } from '../../contract/auth.schema';
import { invitationMessages, type PublicInvitation } from '../../contract/invitations.schema';
import { createActor, waitFor } from 'xstate';
import {
  createInvitationActions,
  createInvitationActors,
} from '../../src/machines/invitations-answer.actors';
import { homeAfterAccepting } from '../../src/machines/invitations-answer.machine';

function deps() {
  return { navigate: vi.fn(), rememberPage: vi.fn(), sendToAuth: vi.fn(), toast: vi.fn() };
}

const token = 'a'.repeat(64);

describe('the invitation page actions', () => {
  it('comes back to the invitation after the login, whether it goes to log in or out', () => {
    const d = deps();
    const actions = createInvitationActions(d);
    actions.goToLogin(undefined, { token });
    expect(d.rememberPage).toHaveBeenCalledWith(`/invitation/${token}`);
    expect(d.navigate).toHaveBeenCalledWith('/login');

    actions.logout(undefined, { token });
    expect(d.rememberPage).toHaveBeenCalledTimes(2);
    expect(d.sendToAuth).toHaveBeenCalledWith({ type: 'auth.logout' });
  });

  it('hands the new session to the auth actor, then toasts and goes home', () => {
    const d = deps();
    const actions = createInvitationActions(d);
    const response = { token: 't' } as AuthResponse;
    actions.startSession(undefined, { response });
    expect(d.sendToAuth).toHaveBeenCalledWith({ type: 'auth.sessionStarted', response });
    actions.notifyAccepted(undefined, { club: 'Club Los Andes', home: '/home' });
    expect(d.toast).toHaveBeenCalledWith(invitationMessages.accepted('Club Los Andes'));
    expect(d.navigate).toHaveBeenCalledWith('/home');
    actions.notifyRejected();
    expect(d.toast).toHaveBeenLastCalledWith(invitationMessages.rejected);
  });

  it('sends an accepted guardian invitation to /api/parents/register with the consent', async () => {
    const session = { token: 't' } as AuthResponse;
    const api = {
      getPublicInvitation: vi.fn(),
      acceptInvitation: vi.fn(),
      rejectInvitation: vi.fn(),
      registerGuardian: vi.fn(() => Promise.resolve(session)),
    };
    const actor = createActor(createInvitationActors(api).accept, {
      input: { token, consent: { version: '2026-11-01' } },
    });
    actor.start();
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot().output).toBe(session);
    expect(api.registerGuardian).toHaveBeenCalledWith(token, {
      accept_data_policy: true,
      data_policy_version: '2026-11-01',
    });
    expect(api.acceptInvitation).not.toHaveBeenCalled();
  });

  it('leads a guardian to the parent dashboard and anyone else home', () => {
    const base = { type: 'trainer', guardian: null } as unknown as PublicInvitation;
    expect(homeAfterAccepting(base)).toBe('/home');
    expect(homeAfterAccepting({ ...base, type: 'guardian' })).toBe('/home/parent-dashboard');
    expect(homeAfterAccepting(null)).toBe('/home');
  });
});
