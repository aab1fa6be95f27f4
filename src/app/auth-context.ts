import { createActorContext } from '@xstate/react';
import { authMachine } from '../machines/auth.machine';

/**
 * The app-wide auth actor. Started once by AuthProvider (src/app/providers.tsx) with the
 * real effects; screens read it with `AuthContext.useSelector(select…)` and send events
 * through `AuthContext.useActorRef()`.
 */
export const AuthContext = createActorContext(authMachine);
