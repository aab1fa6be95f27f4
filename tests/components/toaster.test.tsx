import { render, screen } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { Toaster, toast } from '../../src/components/toaster';

describe('toast and the Toaster', () => {
  it('keeps a toast asked for before the toaster is on the page, and shows it once it is', async () => {
    // A screen that saves before the lazily loaded toaster has mounted (a fresh page load).
    toast('Club creado');
    render(<Toaster />);
    expect(await screen.findByText('Club creado')).toBeVisible();
  });

  it('shows a toast at once when the toaster is mounted, in the destructive variant too', async () => {
    render(<Toaster />);
    act(() => toast('No se pudo guardar', { variant: 'destructive' }));
    const message = await screen.findByText('No se pudo guardar');
    expect(message.closest('.notistack-MuiContent-destructive')).not.toBeNull();
  });

  it("shows a destructive toast's title before its message (spec §8: titled 'Error')", async () => {
    render(<Toaster />);
    act(() =>
      toast('No se pudo archivar la notificación', { variant: 'destructive', title: 'Error' }),
    );
    const message = await screen.findByText('No se pudo archivar la notificación');
    const toastBox = message.closest('.notistack-MuiContent-destructive');
    expect(toastBox).not.toBeNull();
    expect(toastBox!.querySelector('strong')?.textContent).toBe('Error');
  });
});
