package io.snowflakeid.quarkus.runtime;

import java.util.List;
import java.util.Set;

import io.quarkus.runtime.annotations.Recorder;

/** Hands what the build found to the start's check ({@link PublicIdStartCheck}). */
@Recorder
public class PublicIdRecorder {

	/**
	 * @param uses where the application's classes use {@code @PublicId}
	 * @param domains the {@code @PublicId("domain")} values among them
	 */
	public void found(List<String> uses, Set<String> domains) {
		PublicIdStartCheck.found(uses, domains);
	}
}
