import { cloneElement, useEffect, useId, useRef, useState, type ReactElement, type SyntheticEvent } from 'react';

// Only one tooltip is visible at a time (spec section 4): showing one hides the previous.
let hideVisible: (() => void) | null = null;

/** Tooltip minimum width (spec section 9) and positioning debounce. */
export const TOOLTIP_MIN_WIDTH_PX = 75;
export const TOOLTIP_POSITION_DEBOUNCE_MS = 10;

interface TooltipProps {
  text: string;
  /** One focusable element; it gets the hover, focus and key handlers. */
  children: ReactElement<Record<string, unknown>>;
  /** Show only when this says so at the moment of showing (e.g. the label is truncated). */
  when?: (trigger: HTMLElement) => boolean;
  /** Set aria-describedby on the trigger; off when the text repeats the accessible name. */
  describe?: boolean;
}

/**
 * Shows on hover or focus; hides on mouse leave, blur, click, Escape or a touch elsewhere.
 * Positioned below the trigger, after a short debounce so that sweeping the pointer across a
 * bar does not flash every tooltip.
 */
export function Tooltip({ text, children, when, describe = false }: TooltipProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const [pos, setPos] = useState<{ left: number; top: number } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const trigger = useRef<HTMLElement | null>(null);

  const hide = () => {
    clearTimeout(timer.current);
    setVisible(false);
    if (hideVisible === hide) hideVisible = null;
  };
  const show = (e: SyntheticEvent<HTMLElement>) => {
    const el = e.currentTarget;
    trigger.current = el;
    if (when && !when(el)) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (hideVisible && hideVisible !== hide) hideVisible();
      hideVisible = hide;
      setPos({ left: el.offsetLeft, top: el.offsetTop + el.offsetHeight + 6 });
      setVisible(true);
    }, TOOLTIP_POSITION_DEBOUNCE_MS);
  };

  useEffect(() => {
    if (!visible) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && hide();
    const onTouch = (e: TouchEvent) => {
      if (!trigger.current?.contains(e.target as Node)) hide();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('touchstart', onTouch);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('touchstart', onTouch);
    };
    // hide is stable enough: it only closes over setters and refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [visible]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const chain =
    (name: string, fn: (e: SyntheticEvent<HTMLElement>) => void) =>
    (e: SyntheticEvent<HTMLElement>) => {
      (children.props[name] as ((e: SyntheticEvent<HTMLElement>) => void) | undefined)?.(e);
      fn(e);
    };

  return (
    <>
      {cloneElement(children, {
        onMouseEnter: chain('onMouseEnter', show),
        onFocus: chain('onFocus', show),
        onMouseLeave: chain('onMouseLeave', hide),
        onBlur: chain('onBlur', hide),
        onClick: chain('onClick', hide),
        'aria-describedby': describe && visible ? id : (children.props['aria-describedby'] as string | undefined),
      })}
      {visible && pos && (
        <span role="tooltip" id={id} className="tooltip" style={{ left: pos.left, top: pos.top, minWidth: TOOLTIP_MIN_WIDTH_PX }}>
          {text}
        </span>
      )}
    </>
  );
}
