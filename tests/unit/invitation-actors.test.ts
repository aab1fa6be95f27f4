import { describe, expect, it, vi } from 'vitest';
import type { AuthResponse } from '../../contract/auth.schema';
import { invitationMessages } from '../../contract/invitations.schema';
import { createInvitationActions } from '../../src/machines/invitation.actors';

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
    actions.notifyAccepted(undefined, { club: 'Club Los Andes' });
    expect(d.toast).toHaveBeenCalledWith(invitationMessages.accepted('Club Los Andes'));
    expect(d.navigate).toHaveBeenCalledWith('/home');
    actions.notifyRejected();
    expect(d.toast).toHaveBeenLastCalledWith(invitationMessages.rejected);
  });
});
