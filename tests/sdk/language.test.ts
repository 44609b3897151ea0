/**
 * Issue #59: a game knows its player's language from its first frame. The portal names the game
 * frame `playfree-lang-<locale>` (src/components/GameFrame); the SDK reads it as
 * `PlayFree.language`, and the Poki and CrazyGames compatibility layers answer their own calls
 * for it from there.
 */
import { describe, expect, it } from 'vitest';
import { frameNameOf } from '../../src/components/GameFrame/frame-name';
import { gamesFile, openGamePage } from './game-page';

function pageIn(frameName: string | undefined) {
  const page = openGamePage({ scripts: [] });
  if (frameName !== undefined) page.window.name = frameName;
  for (const script of ['sdk/playfree-sdk.js', 'sdk/compat/poki-sdk.js', 'sdk/compat/crazygames-sdk-v3.js']) page.run(gamesFile(script), script);
  return page.window as { PlayFree: { language: string }; PokiSDK: { getLanguage(): string }; CrazyGames: { SDK: { user: { systemInfo: { locale: string } } } } };
}

describe('the player’s language in a game', () => {
  it('is the portal page’s, from the frame’s name, through every SDK', () => {
    const brazilian = pageIn(frameNameOf('pt-BR'));
    expect(brazilian.PlayFree.language).toBe('pt-BR');
    expect(brazilian.PokiSDK.getLanguage()).toBe('pt');
    expect(brazilian.CrazyGames.SDK.user.systemInfo.locale).toBe('pt-BR');
    expect(pageIn(frameNameOf('ja')).PlayFree.language).toBe('ja');
  });

  it('is English outside the portal or for a frame named otherwise', () => {
    expect(pageIn(undefined).PlayFree.language).toBe('en');
    expect(pageIn('game-frame').PlayFree.language).toBe('en');
    expect(pageIn('playfree-lang-<script>').PokiSDK.getLanguage()).toBe('en');
  });
});
