import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ReactNode } from 'react';
import { resetConfig, setBasePath } from '../../data';
import {
  FlexibleLayout,
  Grid,
  ResponsivePicture,
  Section,
  SiteLink,
  Spacer,
  cssColor,
  cssLength,
  cssUrl,
  normaliseColumnWidth,
  normaliseSpacing,
  optimisedImageUrl,
  parseBackgroundImage,
  parseSectionConfiguration,
} from './index';

beforeEach(() => resetConfig());
afterEach(() => cleanup());

function inRouter(node: ReactNode, basename = '/') {
  const router = createMemoryRouter([{ path: '*', element: node }], { initialEntries: [basename === '/' ? '/' : `${basename}/`], basename });
  return render(<RouterProvider router={router} />);
}

describe('section configuration', () => {
  it('defaults to one column named Column 1 with width 12', () => {
    for (const v of [undefined, '', 'not json', '{}', '{"columns": []}', 42]) {
      expect(parseSectionConfiguration(v)).toEqual([{ columnKey: 'col1', columnName: 'Column 1', columnWidth: 12, seedComponents: [] }]);
    }
  });

  it('reads columns with key, name, width and seed components', () => {
    const json = JSON.stringify({
      columns: [
        { columnKey: 'a', columnName: 'Main', columnWidth: '8', seedComponents: [{ fqn: 'x' }] },
        { columnKey: 'b', columnName: 'Side', columnWidth: 4 },
        { columnWidth: 'wide' },
        { columnKey: 'd', columnWidth: 40 },
        { columnKey: 'e', columnWidth: 0 },
      ],
    });
    expect(parseSectionConfiguration(json)).toEqual([
      { columnKey: 'a', columnName: 'Main', columnWidth: 8, seedComponents: [{ fqn: 'x' }] },
      { columnKey: 'b', columnName: 'Side', columnWidth: 4, seedComponents: [] },
      { columnKey: 'col3', columnName: 'Column 3', columnWidth: 12, seedComponents: [] },
      { columnKey: 'd', columnName: 'Column 4', columnWidth: 12, seedComponents: [] },
      { columnKey: 'e', columnName: 'Column 5', columnWidth: 1, seedComponents: [] },
    ]);
  });

  it('column widths: 1-12, default 12, non-numeric 12', () => {
    expect(normaliseColumnWidth(6)).toBe(6);
    expect(normaliseColumnWidth('3')).toBe(3);
    expect(normaliseColumnWidth(undefined)).toBe(12);
    expect(normaliseColumnWidth('abc')).toBe(12);
    expect(normaliseColumnWidth(13)).toBe(12);
    expect(normaliseColumnWidth(-1)).toBe(1);
  });
});

describe('background image', () => {
  it('takes mobile, tablet and desktop from SrcSet, falling back to Url', () => {
    const bg = parseBackgroundImage(JSON.stringify({
      Url: 'https://cdn.example.com/all.jpg',
      AltText: 'Warehouse',
      bgPosition: 'top',
      bgSizeOrRepeat: 'contain',
      SrcSet: [{ name: 'mobile', url: 'https://cdn.example.com/m.jpg' }, { name: 'desktop', url: 'https://cdn.example.com/d.jpg' }],
    }));
    expect(bg).toEqual({
      mobile: 'https://cdn.example.com/m.jpg',
      tablet: 'https://cdn.example.com/all.jpg',
      desktop: 'https://cdn.example.com/d.jpg',
      alt: 'Warehouse',
      position: 'top',
      sizeOrRepeat: 'contain',
    });
  });

  it('accepts an object SrcSet and site media paths; refuses unsafe URLs', () => {
    expect(parseBackgroundImage({ SrcSet: { tablet: '/cms/delivery/media/MC1' } })?.desktop).toBe('/cms/delivery/media/MC1');
    expect(parseBackgroundImage({ Url: 'javascript:alert(1)' })).toBeNull();
    expect(parseBackgroundImage('{bad json')).toBeNull();
    expect(parseBackgroundImage({ Url: 'https://x.example/a.png', bgPosition: 'url(evil)', bgSizeOrRepeat: 'expression()' })).toMatchObject({ position: 'center', sizeOrRepeat: 'cover' });
  });

  it('quotes url() values safely', () => {
    expect(cssUrl('https://x.example/a".png')).toBe('url("https://x.example/a\\22 .png")');
  });

  it('reads CSS lengths and colours, refusing injection', () => {
    expect(cssLength(1200)).toBe('1200px');
    expect(cssLength('80rem')).toBe('80rem');
    expect(cssLength('100px; color: red')).toBeNull();
    expect(cssColor('rgba(0, 0, 0, 0.4)')).toBe('rgba(0, 0, 0, 0.4)');
    expect(cssColor('#1B2A41')).toBe('#1B2A41');
    expect(cssColor('red;background:url(x)')).toBeNull();
  });
});

describe('<Section>', () => {
  it('renders a column per configured column with its slot content and spans', () => {
    const { container } = render(
      <Section
        configuration={{ columns: [{ columnKey: 'main', columnWidth: 8 }, { columnKey: 'side', columnWidth: 4 }] }}
        columns={{ main: <p>Main content</p>, side: <p>Side content</p> }}
        layoutDirectionTablet="column"
        maxContentWidth={1200}
        sectionVerticalAlign="middle"
      />,
    );
    const cols = container.querySelectorAll<HTMLElement>('.sf-section__column');
    expect(cols).toHaveLength(2);
    expect(cols[0].textContent).toBe('Main content');
    expect(cols[0].style.getPropertyValue('--span-desktop')).toBe('8');
    expect(cols[0].style.getPropertyValue('--span-tablet')).toBe('12');
    expect(cols[0].style.getPropertyValue('--span-mobile')).toBe('12');
    expect(cols[1].style.getPropertyValue('--span-desktop')).toBe('4');
    const section = container.querySelector<HTMLElement>('.sf-section')!;
    expect(section.style.getPropertyValue('--section-max-width')).toBe('1200px');
    expect(section.style.getPropertyValue('--section-align')).toBe('center');
    expect(section.dataset.direction).toBe('row column column');
  });

  it('puts children in the default single column and draws the background with its overlay', () => {
    const { container } = render(
      <Section backgroundImageConfig={{ Url: 'https://cdn.example.com/bg.jpg', AltText: 'Our warehouse' }} backgroundImageOverlay="rgba(0,0,0,0.5)" label="Welcome">
        <h2>Hello</h2>
      </Section>,
    );
    expect(screen.getByRole('region', { name: 'Welcome' })).toBeTruthy();
    const section = container.querySelector<HTMLElement>('.sf-section')!;
    expect(section.classList.contains('sf-section--bg')).toBe(true);
    expect(section.style.getPropertyValue('--bg-mobile')).toBe('url("https://cdn.example.com/bg.jpg")');
    expect(container.querySelector<HTMLElement>('.sf-section__overlay')!.style.background).toBe('rgba(0, 0, 0, 0.5)');
    expect(screen.getByText('Our warehouse').className).toBe('visually-hidden');
    expect(container.querySelector('.sf-section__column')!.textContent).toBe('Hello');
  });

  it('calls a column function with each column', () => {
    render(<Section configuration='{"columns":[{"columnKey":"x","columnName":"X"},{"columnKey":"y","columnName":"Y"}]}' columns={(c, i) => <span>{`${i}:${c.columnName}`}</span>} />);
    expect(screen.getByText('0:X')).toBeTruthy();
    expect(screen.getByText('1:Y')).toBeTruthy();
  });
});

describe('<Grid>, <Spacer>, <FlexibleLayout>', () => {
  it('limits grid columns to 1-6 with smaller defaults on tablets and phones', () => {
    const { container } = render(<Grid columns={9} as="ul" aria-label="Products"><li>a</li></Grid>);
    const grid = container.querySelector<HTMLElement>('ul.sf-grid')!;
    expect(grid.style.getPropertyValue('--grid-desktop')).toBe('6');
    expect(grid.style.getPropertyValue('--grid-tablet')).toBe('3');
    expect(grid.style.getPropertyValue('--grid-mobile')).toBe('2');
    cleanup();
    const one = render(<Grid columns="abc" />).container.querySelector<HTMLElement>('.sf-grid')!;
    expect(one.style.getPropertyValue('--grid-desktop')).toBe('3');
  });

  it('spaces by size name, none by default', () => {
    expect(normaliseSpacing('Large')).toBe('large');
    expect(normaliseSpacing('huge')).toBe('none');
    expect(normaliseSpacing(undefined)).toBe('none');
    const { container } = render(<><Spacer /><Spacer size="medium" /></>);
    const spacers = container.querySelectorAll<HTMLElement>('.sf-spacer');
    expect(spacers[0].style.height).toBe('0rem');
    expect(spacers[1].style.height).toBe('1rem');
  });

  it('has one content slot', () => {
    render(<FlexibleLayout><p>Slot</p></FlexibleLayout>);
    expect(screen.getByText('Slot').parentElement?.className).toBe('sf-flexible-layout');
  });
});

describe('responsive pictures', () => {
  it('asks site media at 640, 960 and 1920 px, at least 100', () => {
    expect(optimisedImageUrl('/cms/delivery/media/MC1', 640)).toBe('/cms/delivery/media/MC1?width=640');
    expect(optimisedImageUrl('/cms/delivery/media/MC1?recordId=01t', 20)).toBe('/cms/delivery/media/MC1?recordId=01t&width=100');
    expect(optimisedImageUrl('https://cdn.example.com/a.png', 640)).toBe('https://cdn.example.com/a.png');
    expect(optimisedImageUrl('javascript:x', 640)).toBeNull();
    setBasePath('/shop');
    expect(optimisedImageUrl('/cms/delivery/media/MC1', 960)).toBe('/shop/cms/delivery/media/MC1?width=960');
  });

  it('renders mobile and tablet sources and a desktop img at 1x', () => {
    const { container } = render(<ResponsivePicture src="/cms/delivery/media/MC1" alt="Banner" />);
    const sources = container.querySelectorAll('source');
    expect(sources[0].getAttribute('media')).toBe('(max-width: 47.9375em)');
    expect(sources[0].getAttribute('srcset')).toBe('/cms/delivery/media/MC1?width=640 1x');
    expect(sources[1].getAttribute('media')).toBe('(min-width: 48em) and (max-width: 64em)');
    expect(sources[1].getAttribute('srcset')).toBe('/cms/delivery/media/MC1?width=960 1x');
    const img = screen.getByRole('img', { name: 'Banner' });
    expect(img.getAttribute('src')).toBe('/cms/delivery/media/MC1?width=1920');
  });

  it('shows a labelled placeholder without a usable image', () => {
    render(<ResponsivePicture src="javascript:alert(1)" alt="Gel pen" />);
    expect(screen.getByRole('img', { name: 'Gel pen' }).tagName).toBe('DIV');
  });
});

describe('<SiteLink>', () => {
  it('renders in-app links under the base path', () => {
    inRouter(
      <>
        <SiteLink to={{ type: 'comm__namedPage', attributes: { name: 'Home' } }}>Home</SiteLink>
        <SiteLink to={{ type: 'standard__recordPage', attributes: { objectApiName: 'Product2', recordId: '01tA', urlName: 'gel-pen' } }}>Pen</SiteLink>
        <SiteLink to="/faq" newWindow>FAQ</SiteLink>
      </>,
      '/shop',
    );
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/shop');
    expect(screen.getByRole('link', { name: 'Pen' }).getAttribute('href')).toBe('/shop/product/gel-pen/01tA');
    const faq = screen.getByRole('link', { name: 'FAQ' });
    expect(faq.getAttribute('href')).toBe('/shop/faq');
    expect(faq.getAttribute('target')).toBe('_blank');
    expect(faq.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('opens mailto and tel in a new window and keeps external links as they are', () => {
    inRouter(
      <>
        <SiteLink to="mailto:sales@example.com">Mail</SiteLink>
        <SiteLink to="tel:+15550101000">Call</SiteLink>
        <SiteLink to="https://example.com/help">Help</SiteLink>
      </>,
    );
    expect(screen.getByRole('link', { name: 'Mail' }).getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: 'Call' }).getAttribute('rel')).toBe('noopener noreferrer');
    const help = screen.getByRole('link', { name: 'Help' });
    expect(help.getAttribute('href')).toBe('https://example.com/help');
    expect(help.getAttribute('target')).toBeNull();
  });

  it('turns dangerous and invalid links into a no-op link', () => {
    inRouter(
      <>
        <SiteLink to="javascript:alert(1)">Bad</SiteLink>
        <SiteLink to={{ type: 'standard__recordPage', attributes: { objectApiName: 'Product2' } }}>Incomplete</SiteLink>
      </>,
    );
    for (const name of ['Bad', 'Incomplete']) {
      const a = screen.getByRole('link', { name });
      expect(a.getAttribute('href')).toBe('#');
      expect(a.getAttribute('aria-disabled')).toBe('true');
      const ev = new MouseEvent('click', { bubbles: true, cancelable: true });
      fireEvent(a, ev);
      expect(ev.defaultPrevented).toBe(true);
    }
  });
});
