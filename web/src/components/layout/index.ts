export { FlexibleLayout } from './FlexibleLayout';
export { Section, type SectionProps } from './Section';
export { Grid, type GridProps } from './Grid';
export { Spacer } from './Spacer';
export { ResponsivePicture, type ResponsivePictureProps } from './ResponsivePicture';
export { SiteLink, type SiteLinkProps } from './SiteLink';
export * from './sectionConfig';
export * from './spacing';
export * from './images';
