import TimerLabCLI

TimerLabCommand.main()
