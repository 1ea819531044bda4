// The three 3D game carousels of the member home (spec section 2), loaded lazily. Each is
// shown only when its category has game accounts; it moves by touch swipe, its buttons and
// the arrow keys, and its transitions stop under prefers-reduced-motion (global.css).
import { useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { GameCategory } from '@wallet/contract/client';
import { useI18n } from '@/i18n/use-i18n';
import { currencySign, formatAmount } from '@/lib/money';
import type { GameAccount } from '@/lib/api/get-wallet';
import { providerUnits, slotsByCategory } from '@/features/home/lib/balance';
import { isShown, slideOffset, slideTransform, step } from '@/features/home/lib/carousel';
import { ChevronLeftIcon, ChevronRightIcon } from '@/features/home/components/more-icons';
import './game-carousels.css';

/** Horizontal travel (px) that counts as a swipe rather than a tap. */
const SWIPE_PX = 40;

export function GameCarousels({
  slots,
  currency,
  onOpen,
}: {
  slots: readonly GameAccount[];
  currency: string;
  onOpen: (code: string) => void;
}) {
  return (
    <>
      {slotsByCategory(slots)
        .filter((group) => group.slots.length > 0)
        .map((group) => (
          <GameCarousel
            key={group.category}
            category={group.category}
            slots={group.slots}
            sign={currencySign(currency)}
            onOpen={onOpen}
          />
        ))}
    </>
  );
}

function SlotCard({
  slot,
  sign,
  focusable,
  onClick,
  ref,
}: {
  slot: GameAccount;
  sign: string;
  focusable: boolean;
  onClick: () => void;
  ref: (node: HTMLButtonElement | null) => void;
}) {
  const { t } = useI18n();
  const label = slot.isActive
    ? t('home.carousel.cardActive', { name: slot.name, amount: formatAmount(slot.amount) })
    : t('home.carousel.cardInactive', { name: slot.name });
  return (
    <button
      ref={ref}
      type="button"
      className={`slot-card${slot.isActive ? ' is-active' : ''}`}
      tabIndex={focusable ? 0 : -1}
      onClick={onClick}
      aria-label={label}
      aria-haspopup="dialog"
      data-testid={`slot-card-${slot.code}`}
      data-active={slot.isActive}
    >
      {/* Below the first screen: fetched as they come near, not beside the first banner. */}
      <img
        className="slot-card__bg"
        src={slot.background}
        alt=""
        draggable={false}
        loading="lazy"
      />
      <img className="slot-card__logo" src={slot.logo} alt="" draggable={false} loading="lazy" />
      {slot.isActive ? (
        <span className="slot-card__footer" aria-hidden="true">
          <span className="slot-card__balance mono" data-testid="slot-card-balance">
            {sign}
            {formatAmount(slot.amount)}
          </span>
          <span className="slot-card__units" data-testid="slot-card-units">
            {slot.name} {formatAmount(providerUnits(slot))}
          </span>
        </span>
      ) : (
        <span className="slot-card__open" aria-hidden="true" data-testid="slot-card-open">
          {t('home.carousel.openAccount')}
        </span>
      )}
    </button>
  );
}

export function GameCarousel({
  category,
  slots,
  sign,
  onOpen,
}: {
  category: GameCategory;
  slots: readonly GameAccount[];
  sign: string;
  onOpen: (code: string) => void;
}) {
  const { t } = useI18n();
  const titleId = useId();
  const hintId = useId();
  // Starts on the first open account, so a member's games with money are in front.
  const [active, setActive] = useState(() =>
    Math.max(
      0,
      slots.findIndex((slot) => slot.isActive),
    ),
  );
  const [announcement, setAnnouncement] = useState('');
  const cards = useRef<(HTMLButtonElement | null)[]>([]);
  const pointer = useRef<{ x: number; y: number } | null>(null);
  const swiped = useRef(false);
  const count = slots.length;
  const current = Math.min(active, count - 1);
  const title = t(`home.categories.${category}`);

  const goTo = (index: number, focus: boolean) => {
    setActive(index);
    const slot = slots[index];
    if (slot) {
      setAnnouncement(`${slot.name}, ${t('home.carousel.position', { index: index + 1, count })}`);
    }
    // The moved-to card takes the focus when the keyboard moved it (roving tab stop).
    if (focus) requestAnimationFrame(() => cards.current[index]?.focus({ preventScroll: true }));
  };
  const move = (delta: number, focus = false) => goTo(step(current, delta, count), focus);

  const onKeyDown = (event: KeyboardEvent) => {
    const keys: Record<string, () => void> = {
      ArrowLeft: () => move(-1, true),
      ArrowRight: () => move(1, true),
      Home: () => goTo(0, true),
      End: () => goTo(count - 1, true),
    };
    const action = keys[event.key];
    if (!action || count < 2) return;
    event.preventDefault();
    action();
  };

  const onPointerDown = (event: PointerEvent) => {
    if (!event.isPrimary) return;
    pointer.current = { x: event.clientX, y: event.clientY };
    swiped.current = false;
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = pointer.current;
    pointer.current = null;
    if (!start || count < 2) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(dy)) {
      swiped.current = true;
      move(dx < 0 ? 1 : -1);
    }
  };

  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-labelledby={titleId}
      aria-describedby={count > 1 ? hintId : undefined}
      data-testid={`carousel-${category}`}
    >
      <div className="carousel__head">
        <h2 className="carousel__title" id={titleId}>
          {title}
        </h2>
        {count > 1 ? (
          <div className="carousel__controls">
            <button
              type="button"
              className="icon-button icon-button--accent carousel__nav"
              onClick={() => move(-1)}
              aria-label={t('home.carousel.previous', { category: title })}
              data-testid={`carousel-${category}-prev`}
            >
              <ChevronLeftIcon />
            </button>
            <span className="carousel__count mono" aria-hidden="true">
              {current + 1}/{count}
            </span>
            <button
              type="button"
              className="icon-button icon-button--accent carousel__nav"
              onClick={() => move(1)}
              aria-label={t('home.carousel.next', { category: title })}
              data-testid={`carousel-${category}-next`}
            >
              <ChevronRightIcon />
            </button>
          </div>
        ) : null}
      </div>
      <p className="visually-hidden" id={hintId}>
        {t('home.carousel.hint')}
      </p>
      <div
        className="carousel__stage"
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (pointer.current = null)}
        onClickCapture={(event) => {
          // A swipe that ends on a card is not a tap on it.
          if (!swiped.current) return;
          swiped.current = false;
          event.preventDefault();
          event.stopPropagation();
        }}
      >
        {slots.map((slot, index) => {
          const offset = slideOffset(index, current, count);
          const shown = isShown(offset);
          return (
            <div
              key={slot.code}
              className="carousel__slide"
              role="group"
              aria-roledescription={t('home.carousel.slide')}
              aria-label={t('home.carousel.position', { index: index + 1, count })}
              aria-hidden={shown ? undefined : true}
              data-offset={offset}
              data-testid="carousel-slide"
              style={{
                transform: slideTransform(offset),
                zIndex: 10 - Math.abs(offset),
                opacity: shown ? 1 : 0,
                visibility: shown ? 'visible' : 'hidden',
              }}
            >
              <SlotCard
                ref={(node) => {
                  cards.current[index] = node;
                }}
                slot={slot}
                sign={sign}
                focusable={offset === 0}
                onClick={() => {
                  if (offset !== 0) setActive(index);
                  onOpen(slot.code);
                }}
              />
            </div>
          );
        })}
      </div>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}
