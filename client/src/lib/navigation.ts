/**
 * Navigation usable outside React (the data client sends the user to /signin). The router
 * registers itself once created; before that (start-up preload) a full page load is used.
 */
type Navigator = (path: string) => void;

let registered: Navigator | undefined;

export function registerNavigator(navigator: Navigator): () => void {
  registered = navigator;
  return () => {
    if (registered === navigator) registered = undefined;
  };
}

export function navigateTo(path: string): void {
  if (registered) registered(path);
  else window.location.assign(path);
}
