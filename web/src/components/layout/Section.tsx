import type { CSSProperties, ReactNode } from 'react';
import {
  cssColor,
  cssLength,
  cssUrl,
  normaliseLayoutDirection,
  normaliseVerticalAlign,
  parseBackgroundImage,
  parseSectionConfiguration,
  type SectionColumn,
  type SectionProperties,
} from './sectionConfig';
import './layout.css';

export interface SectionProps extends SectionProperties {
  /** The section configuration JSON (columns); one full-width column by default. */
  configuration?: string | object;
  /** The column slot: what each column holds, by columnKey, or a function of the column. */
  columns?: Record<string, ReactNode> | ((column: SectionColumn, index: number) => ReactNode);
  /** Content for a single-column section. */
  children?: ReactNode;
  className?: string;
  /** Accessible name of the section region, when it is one. */
  label?: string;
  id?: string;
}

type Vars = CSSProperties & Record<`--${string}`, string>;

/**
 * A section with a column slot (spec section 2, "Layout pieces"): columns of
 * 1-12 twelfths laid out as a row or a column per desktop, tablet and mobile,
 * with an optional responsive background image under an overlay colour.
 */
export function Section(props: SectionProps) {
  const columns = parseSectionConfiguration(props.configuration);
  const style: Vars = {};
  const maxWidth = cssLength(props.maxContentWidth);
  if (maxWidth) style['--section-max-width'] = maxWidth;
  const gutter = cssLength(props.sectionColumnGutterWidth);
  if (gutter) style['--section-gutter'] = gutter;
  const spacer = cssLength(props.componentSpacerSize);
  if (spacer) style['--section-spacer'] = spacer;
  const minHeight = cssLength(props.sectionMinHeight);
  if (minHeight) style['--section-min-height'] = minHeight;
  const direction = {
    desktop: normaliseLayoutDirection(props.layoutDirectionDesktop, 'row'),
    tablet: normaliseLayoutDirection(props.layoutDirectionTablet, 'row'),
    mobile: normaliseLayoutDirection(props.layoutDirectionMobile, 'column'),
  };
  // A row lays columns side by side by their widths; a column stacks them full width.
  const span = (dir: 'row' | 'column', width: number) => String(dir === 'row' ? width : 12);
  style['--section-align'] = normaliseVerticalAlign(props.sectionVerticalAlign);

  const bg = parseBackgroundImage(props.backgroundImageConfig);
  if (bg) {
    style['--bg-mobile'] = cssUrl(bg.mobile);
    style['--bg-tablet'] = cssUrl(bg.tablet);
    style['--bg-desktop'] = cssUrl(bg.desktop);
    style['--bg-position'] = bg.position;
    const repeat = bg.sizeOrRepeat.includes('repeat');
    style['--bg-size'] = repeat ? 'auto' : bg.sizeOrRepeat;
    style['--bg-repeat'] = repeat ? bg.sizeOrRepeat : 'no-repeat';
  }
  const overlay = bg ? cssColor(props.backgroundImageOverlay) : null;

  const content = (column: SectionColumn, i: number): ReactNode => {
    if (typeof props.columns === 'function') return props.columns(column, i);
    if (props.columns) return props.columns[column.columnKey];
    return i === 0 ? props.children : null;
  };

  return (
    <section
      id={props.id}
      data-direction={`${direction.desktop} ${direction.tablet} ${direction.mobile}`}
      className={['sf-section', bg ? 'sf-section--bg' : '', props.className ?? ''].filter(Boolean).join(' ')}
      style={style}
      aria-label={props.label}
      role={props.label ? 'region' : undefined}
    >
      {bg && bg.alt ? <span className="visually-hidden">{bg.alt}</span> : null}
      {overlay ? <div className="sf-section__overlay" style={{ background: overlay }} aria-hidden="true" /> : null}
      <div className="sf-section__inner">
        {columns.map((column, i) => (
          <div
            key={column.columnKey}
            className="sf-section__column"
            data-column-key={column.columnKey}
            style={
              {
                '--span-desktop': span(direction.desktop, column.columnWidth),
                '--span-tablet': span(direction.tablet, column.columnWidth),
                '--span-mobile': span(direction.mobile, column.columnWidth),
              } as Vars
            }
          >
            {content(column, i)}
          </div>
        ))}
      </div>
    </section>
  );
}
