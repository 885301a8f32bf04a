/** '12.5%': a share with one decimal, also for whole numbers ('50.0%'). */
export const formatShare = ({ percent }: { percent: number }) => `${percent.toFixed(1)}%`;
