// @vitest-environment jsdom
import { existsSync, statSync } from 'node:fs';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { locales } from '@wallet/contract/client';
import { installCatalog } from '@/i18n/i18n';
import { th } from '@/i18n/locales/th';
import { renderRoute } from '@/test/render';
import { HowtoPage } from '@/features/howto/components/howto-page';
import { howtoVideos, videoFiles } from '@/features/howto/lib/videos';

// The web app's public folder, from the repository root (vitest's) or from apps/web.
const PUBLIC = existsSync('apps/web/public') ? 'apps/web/public' : 'public';

afterEach(() => cleanup());

describe('how-to videos (decision 0060)', () => {
  it('has a recording and a poster of every task in every language, a few hundred KB each', () => {
    let total = 0;
    for (const locale of locales) {
      for (const video of howtoVideos) {
        const { src, poster } = videoFiles(video.id, locale);
        for (const file of [src, poster]) {
          expect(existsSync(`${PUBLIC}${file}`), `${file} is missing: npm run howto:record`).toBe(
            true,
          );
          total += statSync(`${PUBLIC}${file}`).size;
        }
        expect(statSync(`${PUBLIC}${src}`).size).toBeGreaterThan(20_000);
        expect(statSync(`${PUBLIC}${src}`).size).toBeLessThan(1_000_000);
      }
    }
    expect(total).toBeLessThan(10_000_000);
  });

  it('plays the recording of the page language; the promotion videos say they are a preview', async () => {
    renderRoute(<HowtoPage />, { path: '/howto', url: '/howto' });
    installCatalog('th', th);
    const card = await screen.findByTestId('howto-video-wallet');
    expect(card.querySelector('img')?.getAttribute('src')).toBe('/howto/th/wallet.jpg');
    expect(screen.getAllByTestId('howto-preview-badge')).toHaveLength(2);
    expect(within(screen.getByTestId('howto-video-end-bonus')).getByText('ตัวอย่าง')).toBeTruthy();

    await userEvent.click(card);
    const dialog = await screen.findByTestId('howto-dialog');
    expect(dialog.querySelector('video')?.getAttribute('src')).toBe('/howto/th/wallet.mp4');
    expect(within(dialog).queryByTestId('howto-preview-note')).toBeNull();
    await userEvent.keyboard('{Escape}');

    await userEvent.click(screen.getByTestId('howto-video-receive-bonus'));
    const bonus = await screen.findByTestId('howto-dialog');
    expect(bonus.querySelector('video')?.getAttribute('src')).toBe('/howto/th/receive-bonus.mp4');
    expect(within(bonus).getByTestId('howto-preview-note').textContent).toMatch(/โปรโมชัน/);
  });
});
