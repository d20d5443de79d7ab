// Full page navigations (leaving the single-page app), in one object so that tests can observe them.
export const pageNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
