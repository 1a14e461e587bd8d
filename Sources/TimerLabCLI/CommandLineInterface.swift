import TimerLab
