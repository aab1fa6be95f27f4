import {
  type PhotoConsentState,
  photoChannelLabels,
  photoChannels,
  photoChannelShortLabels,
} from '../../../contract/parents.schema';

/*
 * A player's photo consent as the players grid and its CSV export write it (issue #15):
 * the channels the family authorised, in a word each, so whoever publishes a photo knows
 * where it may go. No consent in any channel reads 'Sin autorización'.
 */

const grantedChannels = (consent: PhotoConsentState) =>
  photoChannels.filter((channel) => consent[channel]);

/** 'Interno · Web · Redes', 'Web', or 'Sin autorización'. */
export function photoConsentText(consent: PhotoConsentState): string {
  const granted = grantedChannels(consent);
  return granted.length === 0
    ? 'Sin autorización'
    : granted.map((channel) => photoChannelShortLabels[channel]).join(' · ');
}

const spanishList = new Intl.ListFormat('es', { type: 'conjunction' });

/**
 * The same in full: 'Fotos autorizadas: Uso interno del club y Redes sociales', or
 * 'Sin autorización de fotos en ningún canal'.
 */
export function photoConsentDescription(consent: PhotoConsentState): string {
  const granted = grantedChannels(consent);
  return granted.length === 0
    ? 'Sin autorización de fotos en ningún canal'
    : `Fotos autorizadas: ${spanishList.format(granted.map((channel) => photoChannelLabels[channel]))}`;
}
