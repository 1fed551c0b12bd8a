/**
 * Around a secondary part loaded on demand (a card's sync note, a dashboard
 * section): when its code cannot load (offline on a page the service worker
 * does not control yet, a deploy that removed the chunk), the part is left
 * out and the screen around it stays, instead of the screen's own error.
 * What the part says is also said elsewhere (the top bar's count of changes
 * on this device, the sync page), so nothing is hidden for good.
 */
import { Component, type ReactNode } from 'react';

export class QuietBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
