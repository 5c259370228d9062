/** A short tone on moves and on your turn; off until the player turns it on (the choice is remembered). */
let ctx: AudioContext | null = null;

export const Sound = {
  enabled: localStorage.getItem('rt.sound') === 'on',
  set(on: boolean): void {
    Sound.enabled = on;
    localStorage.setItem('rt.sound', on ? 'on' : 'off');
  },
  beep(freq = 660, ms = 70): void {
    if (!Sound.enabled) return;
    try {
      ctx ??= new AudioContext();
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = freq;
      gain.gain.value = 0.05;
      osc.connect(gain).connect(ctx.destination);
      osc.start();
      osc.stop(ctx.currentTime + ms / 1000);
    } catch {
      // no audio: stay silent
    }
  },
};
