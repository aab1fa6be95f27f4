import type { FeaturePlugin } from '../../app-deps';
import { contactMessagesRoutes } from './contact-messages.routes';
import { createContactMessagesService } from './contact-messages.service';

/** The public site's contact form and its inbox (issue #17). */
export const contactMessagesPlugin: FeaturePlugin = async (app, { deps }) => {
  const { db, clock, outbox } = deps;
  app.register(contactMessagesRoutes, {
    contactMessages: createContactMessagesService({ db, clock, outbox }),
  });
};
