// The member home's slides and announcement line in the console (issue 26, decision 0134):
// the form refuses what the server would, field by field, before anything is sent.
import { describe, expect, it } from 'vitest';
import {
  checkAnnouncement,
  checkSlides,
  draftState,
  homeSlideArt,
  moved,
  newSlide,
  slideDraftOf,
  slideState,
  stockSlideOf,
  type SlideDraft,
} from './home-form';

const draft = (patch: Partial<SlideDraft> = {}): SlideDraft => ({
  ...newSlide(),
  alt: { th: 'โบนัส', la: 'ໂບນັດ', en: 'Bonus' },
  ...patch,
});

describe('home slides form', () => {
  it('sends a valid slide as the contract wants it: trimmed, times as instants, link by choice', () => {
    const { banners, problems } = checkSlides([
      draft({
        alt: { th: ' โบนัส ', la: 'ໂບນັດ', en: 'Bonus' },
        link: '/user/spin',
        startsAt: '2026-12-01T00:00',
        endsAt: '2026-12-31T23:59',
      }),
      draft({ link: 'external', url: ' https://promo.example/x?a=1 ', active: false }),
    ]);
    expect(problems).toEqual({});
    expect(banners[0]).toEqual({
      image: homeSlideArt('welcome'),
      alt: { th: 'โบนัส', la: 'ໂບນັດ', en: 'Bonus' },
      link: '/user/spin',
      active: true,
      startsAt: '2026-11-30T17:00:00.000Z',
      endsAt: '2026-12-31T16:59:00.000Z',
    });
    expect(banners[1]).toMatchObject({
      link: 'https://promo.example/x?a=1',
      active: false,
      startsAt: null,
      endsAt: null,
    });
  });

  it('names each problem where it is, with the code the server would answer', () => {
    const { problems } = checkSlides([
      draft({
        image: {
          th: 'javascript:alert(1)',
          la: '//evil.example/a.jpg',
          en: 'http://x.example/a.jpg',
        },
      }),
      draft({ image: { th: '', la: '', en: '' } }),
      draft({ alt: { th: '', la: 'ໂບນັດ', en: 'x'.repeat(151) } }),
      draft({ link: 'external', url: '' }),
      draft({ link: 'external', url: 'http://plain.example' }),
      draft({ startsAt: '2026-12-02T00:00', endsAt: '2026-12-01T00:00' }),
      draft({ startsAt: 'soon' }),
    ]);
    expect(problems).toEqual({
      'banners.0.image.th': 'KEY_INVALID',
      'banners.0.image.la': 'KEY_INVALID',
      'banners.0.image.en': 'KEY_INVALID',
      'banners.1.image': 'KEY_MISSING',
      'banners.2.alt.th': 'KEY_MISSING',
      'banners.2.alt.en': 'KEY_INVALID',
      'banners.3.url': 'KEY_MISSING',
      'banners.4.url': 'KEY_INVALID',
      'banners.5.endsAt': 'KEY_INVALID',
      'banners.6.startsAt': 'KEY_INVALID',
    });
    // A language without a picture needs no alternative text (the slide is not shown in it).
    expect(
      checkSlides([
        draft({ image: { ...homeSlideArt('spin'), la: '' }, alt: { th: 'a', la: '', en: 'b' } }),
      ]).problems,
    ).toEqual({});
    // At most ten slides.
    expect(checkSlides(Array.from({ length: 11 }, () => draft())).problems).toEqual({
      banners: 'KEY_INVALID',
    });
  });

  it('reads a stored slide back into the form, knowing the stock pictures', () => {
    const stored = {
      image: homeSlideArt('cashback'),
      alt: { th: 'ก', la: 'ກ', en: 'a' },
      link: 'https://promo.example',
      active: true,
      startsAt: '2026-01-31T17:05:00.000Z',
      endsAt: null,
    };
    const back = slideDraftOf(stored);
    expect(back).toMatchObject({
      link: 'external',
      url: 'https://promo.example',
      startsAt: '2026-02-01T00:05',
      endsAt: '',
    });
    expect(checkSlides([back]).banners[0]).toEqual(stored);
    expect(stockSlideOf(stored.image)).toBe('cashback');
    expect(stockSlideOf({ ...stored.image, la: '/mine.jpg' })).toBeNull();
    expect(slideDraftOf({ ...stored, link: '/user/bonus' }).link).toBe('/user/bonus');
    expect(slideDraftOf({ ...stored, link: null }).link).toBe('none');
  });

  it('says whether a slide shows now, as the server decides it', () => {
    const now = Date.parse('2026-12-10T00:00:00.000Z');
    const base = { image: homeSlideArt('spin'), alt: homeSlideArt('spin'), link: null };
    const at = (iso: string | null) => iso;
    expect(slideState({ ...base, active: true, startsAt: null, endsAt: null }, now)).toBe(
      'showing',
    );
    expect(slideState({ ...base, active: false, startsAt: null, endsAt: null }, now)).toBe('off');
    expect(
      slideState(
        { ...base, active: true, startsAt: at('2026-12-11T00:00:00.000Z'), endsAt: null },
        now,
      ),
    ).toBe('scheduled');
    expect(
      slideState(
        { ...base, active: true, startsAt: null, endsAt: at('2026-12-10T00:00:00.000Z') },
        now,
      ),
    ).toBe('ended');
  });

  it('shows the state of the slide as the form has it, before it is saved', () => {
    const now = Date.parse('2026-12-10T00:00:00.000Z');
    expect(draftState(draft({ startsAt: '2026-12-11T00:00' }), now)).toBe('scheduled');
    expect(draftState(draft({ endsAt: '2026-12-10T07:00' }), now)).toBe('ended');
    expect(draftState(draft({ active: false }), now)).toBe('off');
    // A time still being typed does not count.
    expect(draftState(draft({ startsAt: '2026-12' }), now)).toBe('showing');
  });

  it('moves a slide up and down, staying inside the list', () => {
    expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });
});

describe('home announcement form', () => {
  it('needs some text while on, at most 500 letters per language, trimmed', () => {
    expect(checkAnnouncement({ enabled: true, text: { th: ' ข่าว ', la: '', en: '' } })).toEqual({
      value: { enabled: true, text: { th: 'ข่าว', la: '', en: '' } },
      problems: {},
    });
    expect(
      checkAnnouncement({ enabled: true, text: { th: ' ', la: '', en: '' } }).problems,
    ).toEqual({
      'text.th': 'KEY_MISSING',
      'text.la': 'KEY_MISSING',
      'text.en': 'KEY_MISSING',
    });
    // Off, it may be empty.
    expect(
      checkAnnouncement({ enabled: false, text: { th: '', la: '', en: '' } }).problems,
    ).toEqual({});
    expect(
      checkAnnouncement({ enabled: false, text: { th: 'a'.repeat(501), la: '', en: '' } }).problems,
    ).toEqual({ 'text.th': 'KEY_INVALID' });
  });
});
