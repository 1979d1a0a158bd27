package io.snowflakeid.spi;

/** {@link LeaseClock#system()}: the machine's clocks. */
final class SystemLeaseClock implements LeaseClock {

	static final SystemLeaseClock INSTANCE = new SystemLeaseClock();

	private SystemLeaseClock() {
	}

	@Override
	public long wallMillis() {
		return System.currentTimeMillis();
	}

	@Override
	public long elapsedNanos() {
		return System.nanoTime();
	}

	@Override
	public String toString() {
		return "LeaseClock.system()";
	}
}
